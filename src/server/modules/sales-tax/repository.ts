import { eq } from 'drizzle-orm';
import type { SalesTax } from '../../../domain/order-totals.js';
import type { Database } from '../../db/client.js';
import { taxRates } from '../../db/schema.js';

/** Sales tax per state (issue 31): the only place that reads or writes `tax_rates`. */
export function createSalesTaxRepository(db: Database) {
  return {
    /** The state's rate; undefined where the shop charges none. */
    async rateFor(stateCode: string): Promise<SalesTax | undefined> {
      const [row] = await db.select().from(taxRates).where(eq(taxRates.stateCode, stateCode));
      return row ? { rateMilliPercent: row.rateMilliPercent, taxShipping: row.taxShipping } : undefined;
    },
  };
}

export type SalesTaxRepository = ReturnType<typeof createSalesTaxRepository>;
