import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkShoeState } from '../../../../domain/bulk-edit.js';
import type { Database } from '../../../db/client.js';
import { recordAudit, type Audited } from '../../../audit/audit-writer.js';
import { brands, shoes, stockEntries } from '../../../db/schema.js';
import { recordEvents } from '../../../events/outbox-repository.js';
import { addPairs } from '../../../stock/stock-writer.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A selected shoe as a bulk edit reads it: what it shows, its version, and what an action may change. */
export interface BulkRow extends BulkShoeState {
  id: string;
  name: string;
  brand: string;
  version: number;
}

/** One shoe's change, worked out by the service from a row read under its lock. */
export interface BulkWrite {
  id: string;
  /** Set when the action sets them. */
  priceCents?: number;
  onSale?: boolean;
  /** Pairs to add to `size` (created when the shoe does not have it). */
  addPairs?: { size: string; quantity: number };
  audited: Audited;
}

/** Thrown inside the transaction to undo it; never leaves this file. */
class Rollback extends Error {
  constructor(readonly outcome: unknown) {
    super('rollback');
  }
}

async function readRows(tx: Tx | Database, ids: readonly string[], size: string | undefined, lock: boolean) {
  const query = tx
    .select({
      id: shoes.id,
      name: shoes.name,
      brand: brands.name,
      version: shoes.version,
      priceCents: shoes.priceCents,
      onSale: shoes.onSale,
    })
    .from(shoes)
    .innerJoin(brands, eq(brands.id, shoes.brandId))
    .where(inArray(shoes.id, [...ids]))
    // In id order: the order every writer of several shoes locks them in (stock/stock-writer.ts).
    .orderBy(asc(shoes.id));
  const rows = lock ? await query.for('update', { of: shoes }) : await query;
  const pairs = new Map<string, number>();
  if (size !== undefined && rows.length > 0) {
    const entries = await tx
      .select({ shoeId: stockEntries.shoeId, quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(and(inArray(stockEntries.shoeId, [...ids]), eq(stockEntries.size, size)));
    for (const entry of entries) pairs.set(entry.shoeId, entry.quantity);
  }
  return rows.map((row): BulkRow => ({ ...row, quantity: pairs.get(row.id) ?? null }));
}

/**
 * The bulk edit's reads and its one transaction (issue 33 item 5). Shoes are catalog-admin's; their
 * stock is changed through the stock writer alone.
 */
export function createBulkEditRepository(db: Database) {
  return {
    /** The shoes of `ids` that exist, in id order, with `size`'s pairs when an action adds stock. */
    read: (ids: readonly string[], size?: string) => readRows(db, ids, size, false),

    /**
     * All or nothing: locks the shoes in id order, hands them to `plan` (which answers the writes, or
     * anything else to give up with, nothing written), then writes each shoe, its audit entry and the
     * events that drop the cached catalogue: catalog.changed when a price or a sale changed (any list
     * may gain or lose the shoe), stock.changed naming exactly the shoes given pairs otherwise.
     */
    async apply<Refusal>(
      ids: readonly string[],
      size: string | undefined,
      plan: (rows: BulkRow[]) => BulkWrite[] | Refusal,
    ): Promise<{ rows: BulkRow[]; writes: BulkWrite[] } | Refusal | 'too_many'> {
      try {
        return await db.transaction(async (tx) => {
          const rows = await readRows(tx, ids, size, true);
          const writes = plan(rows);
          if (!Array.isArray(writes)) throw new Rollback(writes);
          let catalogChanged = false;
          let sizesInStockChanged = false;
          const stocked: string[] = [];
          for (const write of writes) {
            catalogChanged ||= write.priceCents !== undefined || write.onSale !== undefined;
            await tx
              .update(shoes)
              .set({
                ...(write.priceCents === undefined ? {} : { priceCents: write.priceCents }),
                ...(write.onSale === undefined ? {} : { onSale: write.onSale }),
                version: sql`${shoes.version} + 1`,
                updatedAt: new Date(),
              })
              .where(eq(shoes.id, write.id));
            if (write.addPairs) {
              // The shoe's row is held: no other restock can pass the cap between the plan and here.
              if (!(await addPairs(tx, { shoeId: write.id, ...write.addPairs })))
                throw new Rollback('too_many');
              stocked.push(write.id);
              const before = rows.find((row) => row.id === write.id)?.quantity ?? 0;
              if (before === 0) sizesInStockChanged = true;
            }
            await recordAudit(tx, write.audited);
          }
          // One shoe.updated per shoe written, for webhooks (docs/decisions/024).
          await recordEvents(
            tx,
            writes.map((write) => ({ type: 'shoe.updated' as const, payload: { shoeId: write.id } })),
          );
          if (catalogChanged) await recordEvents(tx, [{ type: 'catalog.changed', payload: {} }]);
          else if (stocked.length > 0) {
            await recordEvents(tx, [
              {
                type: 'stock.changed',
                payload: { shoeIds: stocked, sizesInStockChanged, unitsSoldChanged: false },
              },
            ]);
          }
          return { rows, writes };
        });
      } catch (error) {
        if (error instanceof Rollback) return error.outcome as Refusal | 'too_many';
        throw error;
      }
    },
  };
}

export type BulkEditRepository = ReturnType<typeof createBulkEditRepository>;
