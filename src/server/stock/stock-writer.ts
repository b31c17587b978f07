import { and, eq, gte, sql } from 'drizzle-orm';
import { SHOE_LIMITS } from '../../domain/admin.js';
import type { Database } from '../db/client.js';
import { shoes, stockEntries } from '../db/schema.js';
import type { StockChange } from '../cache/cache-tags.js';
import type { DomainEvent } from '../events/domain-events.js';
import { recordEvents } from '../events/outbox-repository.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Pairs of one shoe in one size. */
export interface Pairs {
  shoeId: string;
  size: string;
  quantity: number;
}

/**
 * The one writer of `stock_entries` (issue 30: one owner per table), called inside the caller's
 * transaction: the checkout takes pairs, a refund puts them back, the admin forms add and set them.
 * Rows are locked in one order everywhere (the shoe's row, then its sizes, shoes by id and sizes by
 * label), so two writers never wait for each other's locks (a deadlock on PostgreSQL). Taking and
 * putting back announce what they changed (a stock.changed event of the same transaction); the admin's
 * writes are announced by catalog-admin as the catalogue edits they are. Every write that gives a
 * size pairs announces it too (stock.restocked), for whoever waits for that size.
 */
/** A sale leaving a size at or below this many pairs (from above) records stock.low; 0: never (services.ts sets it). */
let lowStockThreshold = 2;
export function setLowStockThreshold(threshold: number): void {
  lowStockThreshold = threshold;
}

const byShoeThenSize = <T extends Pick<Pairs, 'shoeId' | 'size'>>(lines: readonly T[]) =>
  [...lines].sort((a, b) => a.shoeId.localeCompare(b.shoeId) || a.size.localeCompare(b.size));

/**
 * Takes the pairs of every line, or none: the first line short of stock is answered (the caller
 * rolls back). Pairs sold (the 'best selling' order) count them too.
 */
export async function takePairs<T extends Pairs>(
  tx: Tx,
  lines: readonly T[],
): Promise<{ short: T } | { taken: StockChange }> {
  const ordered = byShoeThenSize(lines);
  let soldOut = false;
  const low: DomainEvent[] = [];
  for (const [index, line] of ordered.entries()) {
    if (ordered[index - 1]?.shoeId !== line.shoeId) {
      // The shoe's row before its stock rows, as the admin forms take them.
      const pairs = ordered.filter((other) => other.shoeId === line.shoeId);
      await tx
        .update(shoes)
        .set({ unitsSold: sql`${shoes.unitsSold} + ${pairs.reduce((sum, p) => sum + p.quantity, 0)}` })
        .where(eq(shoes.id, line.shoeId));
    }
    // The row lock of this UPDATE is what makes concurrent checkouts of the last pair safe.
    const [taken] = await tx
      .update(stockEntries)
      .set({ quantity: sql`${stockEntries.quantity} - ${line.quantity}` })
      .where(
        and(
          eq(stockEntries.shoeId, line.shoeId),
          eq(stockEntries.size, line.size),
          gte(stockEntries.quantity, line.quantity),
        ),
      )
      .returning({ left: stockEntries.quantity });
    if (!taken) return { short: line };
    if (taken.left === 0) soldOut = true;
    const threshold = lowStockThreshold;
    if (threshold > 0 && taken.left <= threshold && taken.left + line.quantity > threshold)
      low.push({
        type: 'stock.low',
        payload: { shoeId: line.shoeId, size: line.size, left: taken.left, threshold },
      });
  }
  const change: StockChange = {
    shoeIds: [...new Set(ordered.map((line) => line.shoeId))],
    sizesInStockChanged: soldOut,
    unitsSoldChanged: true,
  };
  await recordEvents(tx, [{ type: 'stock.changed', payload: change }, ...low]);
  return { taken: change };
}

/** Puts pairs back (a refund that restocks): what changed, announced with them. */
export async function putBackPairs(tx: Tx, lines: readonly Pairs[]): Promise<StockChange> {
  let backInStock = false;
  for (const line of byShoeThenSize(lines)) {
    await tx.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, line.shoeId)).for('no key update');
    const [entry] = await tx
      .update(stockEntries)
      .set({ quantity: sql`${stockEntries.quantity} + ${line.quantity}` })
      .where(and(eq(stockEntries.shoeId, line.shoeId), eq(stockEntries.size, line.size)))
      .returning({ now: stockEntries.quantity });
    // A size that was sold out is back: the size filters and the facets count it again.
    if (entry && entry.now === line.quantity) backInStock = true;
  }
  const change: StockChange = {
    shoeIds: [...new Set(lines.map((line) => line.shoeId))],
    sizesInStockChanged: backInStock,
    unitsSoldChanged: false,
  };
  await recordEvents(tx, [{ type: 'stock.changed', payload: change }, restocked(lines)]);
  return change;
}

/**
 * Gives back the pairs a checkout held and did not sell (docs/decisions/031: a refused card, a crash,
 * an expired hold): they return to the sellable count and leave the pairs sold, under the same locks
 * in the same order as takePairs. What changed is announced with them; a size that had none left is
 * announced as restocked, for whoever waits for it.
 */
export async function releasePairs(tx: Tx, lines: readonly Pairs[]): Promise<StockChange> {
  const ordered = byShoeThenSize(lines);
  const back: Pairs[] = [];
  for (const [index, line] of ordered.entries()) {
    if (ordered[index - 1]?.shoeId !== line.shoeId) {
      const held = ordered
        .filter((other) => other.shoeId === line.shoeId)
        .reduce((n, p) => n + p.quantity, 0);
      await tx
        .update(shoes)
        .set({ unitsSold: sql`greatest(${shoes.unitsSold} - ${held}, 0)` })
        .where(eq(shoes.id, line.shoeId));
    }
    const [entry] = await tx
      .update(stockEntries)
      .set({ quantity: sql`${stockEntries.quantity} + ${line.quantity}` })
      .where(and(eq(stockEntries.shoeId, line.shoeId), eq(stockEntries.size, line.size)))
      .returning({ now: stockEntries.quantity });
    if (entry && entry.now === line.quantity) back.push(line);
  }
  const change: StockChange = {
    shoeIds: [...new Set(ordered.map((line) => line.shoeId))],
    sizesInStockChanged: back.length > 0,
    unitsSoldChanged: true,
  };
  await recordEvents(tx, [
    { type: 'stock.changed', payload: change },
    ...(back.length ? [restocked(back)] : []),
  ]);
  return change;
}

/** Sizes given pairs: whoever waits for one of them is told once this commits (modules/restock). */
const restocked = (lines: readonly Pick<Pairs, 'shoeId' | 'size'>[]): DomainEvent => ({
  type: 'stock.restocked',
  payload: { sizes: lines.map(({ shoeId, size }) => ({ shoeId, size })) },
});

/**
 * A new shoe's sizes, all in one insert (the size grid of Create Shoes). The sizes-in-stock bits
 * follow by the stock's trigger; a size given twice breaks the unique key and the caller rolls back.
 */
export async function addNewShoeSizes(tx: Tx, lines: readonly Pairs[]): Promise<void> {
  if (lines.length > 0) await tx.insert(stockEntries).values([...lines]);
}

/**
 * A size's product codes as an admin form gives them (issue 33 item 2): a SKU left out or empty keeps
 * the size's (a new size's is generated by the database's trigger); a GTIN left out keeps the size's,
 * null removes it. A code another size has breaks a unique index: the caller maps it to a 409.
 */
export interface SizeCodes {
  sku?: string | undefined;
  gtin?: string | null | undefined;
}

const codesToSet = (codes: SizeCodes) => ({
  ...(codes.sku ? { sku: codes.sku } : {}),
  ...(codes.gtin !== undefined ? { gtin: codes.gtin } : {}),
});

/** The admin's Modify form: one entry's quantity as typed, and its codes when given. */
export async function setQuantity(
  tx: Tx,
  entryId: string,
  quantity: number,
  codes: SizeCodes = {},
): Promise<void> {
  const [entry] = await tx
    .update(stockEntries)
    .set({ quantity, ...codesToSet(codes) })
    .where(eq(stockEntries.id, entryId))
    .returning({ shoeId: stockEntries.shoeId, size: stockEntries.size });
  if (entry && quantity > 0) await recordEvents(tx, [restocked([entry])]);
}

/**
 * Adds a size, or pairs to a size the shoe has (with its codes when given); false (nothing written) when that would pass the
 * largest quantity a size may have, checked again under the row's lock: two restocks at once never
 * pass it together. The caller holds the shoe's row.
 */
export async function addPairs(tx: Tx, line: Pairs, codes: SizeCodes = {}): Promise<boolean> {
  const stocked = await tx
    .insert(stockEntries)
    .values({ ...line, ...codesToSet(codes) })
    .onConflictDoUpdate({
      target: [stockEntries.shoeId, stockEntries.size],
      set: { quantity: sql`${stockEntries.quantity} + ${line.quantity}`, ...codesToSet(codes) },
      setWhere: sql`${stockEntries.quantity} + ${line.quantity} <= ${SHOE_LIMITS.maxQuantity}`,
    })
    .returning({ id: stockEntries.id });
  if (stocked.length === 0) return false;
  await recordEvents(tx, [restocked([line])]);
  return true;
}

/**
 * A shoe's sizes as a catalogue import sets them (issue 33 item 3): each size's quantity on hand, and
 * its SKU and GTIN when the file gives them (an empty SKU keeps the size's, or generates one for a new
 * size). A new shoe's sizes go in one insert; an existing shoe's one by one under their row locks.
 * The caller holds the shoe's row, as every other writer here takes it first. Sizes that had no pairs
 * and now have some are announced, for whoever waits for them (none can wait on a new shoe).
 */
export async function importSizes(
  tx: Tx,
  shoeId: string,
  isNew: boolean,
  lines: readonly { size: string; quantity: number; sku: string; gtin: string | null }[],
): Promise<void> {
  if (lines.length === 0) return;
  if (isNew) {
    await tx.insert(stockEntries).values(lines.map((line) => ({ shoeId, ...line })));
    return;
  }
  const back: { shoeId: string; size: string }[] = [];
  for (const line of [...lines].sort((a, b) => a.size.localeCompare(b.size))) {
    const [before] = await tx
      .select({ quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(and(eq(stockEntries.shoeId, shoeId), eq(stockEntries.size, line.size)))
      .for('update');
    await tx
      .insert(stockEntries)
      .values({ shoeId, ...line })
      .onConflictDoUpdate({
        target: [stockEntries.shoeId, stockEntries.size],
        set: {
          quantity: line.quantity,
          ...(line.sku ? { sku: line.sku } : {}),
          ...(line.gtin ? { gtin: line.gtin } : {}),
        },
      });
    if (line.quantity > 0 && (before?.quantity ?? 0) === 0) back.push({ shoeId, size: line.size });
  }
  if (back.length > 0) await recordEvents(tx, [restocked(back)]);
}
