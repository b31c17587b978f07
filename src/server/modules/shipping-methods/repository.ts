import { asc, eq, sql } from 'drizzle-orm';
import type { ShippingMethodTerms } from '../../../domain/contracts/shipping-and-tax.js';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { shippingMethods } from '../../db/schema.js';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

const byPosition = [asc(shippingMethods.position), asc(shippingMethods.name)] as const;

/**
 * The shipping methods (issue 31): the only place that reads or writes `shipping_methods`. Each staff
 * change writes its audit entry in its own transaction. Orders copy a method's name, price and
 * estimate, so editing or deleting one never changes a past order.
 */
export function createShippingMethodsRepository(db: Database) {
  return {
    /** The methods shoppers may choose, in the order the cart lists them (the first is the default). */
    async active(): Promise<ShippingMethodRow[]> {
      return db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .orderBy(...byPosition);
    },

    /** Every method, retired ones too, in the cart's order. */
    all(): Promise<ShippingMethodRow[]> {
      return db
        .select()
        .from(shippingMethods)
        .orderBy(...byPosition);
    },

    async get(id: string): Promise<ShippingMethodRow | undefined> {
      const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
      return row;
    },

    /** A new method, listed last: its row, or 'exists' when a method has this name (in any case). */
    async insert(terms: ShippingMethodTerms, audited: Audited): Promise<ShippingMethodRow | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(shippingMethods)
            .values({
              ...terms,
              position: sql`(SELECT coalesce(max(${shippingMethods.position}) + 1, 0) FROM ${shippingMethods})`,
            })
            .returning();
          await recordAudit(tx, {
            actor: audited.actor,
            record: { ...audited.record, target: { ...audited.record.target, id: row!.id } },
          });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** New terms (its place stays): the row, 'missing', or 'exists' when another method has the name. */
    async update(
      id: string,
      terms: Partial<ShippingMethodTerms>,
      audited: Audited,
    ): Promise<ShippingMethodRow | 'missing' | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(shippingMethods)
            .set(terms)
            .where(eq(shippingMethods.id, id))
            .returning();
          if (!row) return 'missing' as const;
          await recordAudit(tx, audited);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** Deletes a method; false when there was none. */
    async remove(id: string, audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(shippingMethods)
          .where(eq(shippingMethods.id, id))
          .returning({ id: shippingMethods.id });
        if (deleted.length === 0) return false;
        await recordAudit(tx, audited);
        return true;
      });
    },

    /**
     * The cart's order: `ids` must name every method once (checked under a lock on the table, so a
     * method added meanwhile is not left without a place); false otherwise, and nothing changes.
     */
    async reorder(ids: string[], audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE ${shippingMethods} IN SHARE ROW EXCLUSIVE MODE`);
        const existing = await tx.select({ id: shippingMethods.id }).from(shippingMethods);
        const known = new Set(existing.map((row) => row.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((id) => known.has(id))
        )
          return false;
        for (const [position, id] of ids.entries())
          await tx.update(shippingMethods).set({ position }).where(eq(shippingMethods.id, id));
        await recordAudit(tx, audited);
        return true;
      });
    },
  };
}

export type ShippingMethodsRepository = ReturnType<typeof createShippingMethodsRepository>;
