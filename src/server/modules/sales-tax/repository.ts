import { asc, eq } from 'drizzle-orm';
import type { SalesTax } from '../../../domain/order-totals.js';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import type { Database } from '../../db/client.js';
import { taxRates } from '../../db/schema.js';

export type TaxRateRow = typeof taxRates.$inferSelect;

/**
 * Sales tax per state (issue 31): the only place that reads or writes `tax_rates`. Each staff change
 * writes its audit entry in its own transaction.
 */
export function createSalesTaxRepository(db: Database) {
  return {
    /** The state's rate; undefined where the shop charges none. */
    async rateFor(stateCode: string): Promise<SalesTax | undefined> {
      const [row] = await db.select().from(taxRates).where(eq(taxRates.stateCode, stateCode));
      return row ? { rateMilliPercent: row.rateMilliPercent, taxShipping: row.taxShipping } : undefined;
    },

    /** Every state with a rate, by code. */
    all(): Promise<TaxRateRow[]> {
      return db.select().from(taxRates).orderBy(asc(taxRates.stateCode));
    },

    /** Sets a state's rate (adding it or replacing it); the rate before, if there was one. */
    async set(stateCode: string, tax: SalesTax, audited: (before: TaxRateRow | undefined) => Audited) {
      return db.transaction(async (tx) => {
        // The row locked, so the audit's "before" is the value this change replaced.
        const [before] = await tx
          .select()
          .from(taxRates)
          .where(eq(taxRates.stateCode, stateCode))
          .for('update');
        const [row] = await tx
          .insert(taxRates)
          .values({ stateCode, ...tax })
          .onConflictDoUpdate({ target: taxRates.stateCode, set: { ...tax, updatedAt: new Date() } })
          .returning();
        await recordAudit(tx, audited(before));
        return row!;
      });
    },

    /** Removes a state's rate (no tax there any more); the row removed, or undefined when none was set. */
    async remove(stateCode: string, audited: (before: TaxRateRow) => Audited) {
      return db.transaction(async (tx) => {
        const [removed] = await tx.delete(taxRates).where(eq(taxRates.stateCode, stateCode)).returning();
        if (removed) await recordAudit(tx, audited(removed));
        return removed;
      });
    },
  };
}

export type SalesTaxRepository = ReturnType<typeof createSalesTaxRepository>;
