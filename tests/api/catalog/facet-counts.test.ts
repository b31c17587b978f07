import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { brands, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { createCatalogRepository } from '../../../src/server/modules/catalog/repository.js';
import { facetCountRows, facetCountsAndShoes } from '../support/facet-counts.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * The facet counts (shoe_facet_counts, docs/decisions/035) say what the shoes say, whatever writes
 * them: random sequences of inserts, edits of each key, stock that sells out or comes back (the
 * deferred trigger of migration 0007), bulk updates, deletions, rolled-back transactions and folds at
 * random points. On the database in use (PGlite, or PostgreSQL when DATABASE_URL is set); the
 * concurrent writers are in facet-counts-postgres.test.ts.
 */
const BRANDS = ['Stride', 'Velo', 'Northpeak'];
const COLORS = ['Red', 'red', 'Blue', 'Navy'];
const SIZES = ['8', '9', '9.5', '12'];

let database: DatabaseHandle;
let brandIds: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  brandIds = (
    await database.db
      .insert(brands)
      .values(BRANDS.map((name) => ({ name })))
      .returning()
  ).map((brand) => brand.id);
});
afterAll(() => database?.close());

const db = () => database.db;
const fold = () => createCatalogRepository(db()).foldFacetCounts();

const pick = <T>(values: readonly T[]) => fc.nat({ max: values.length - 1 }).map((i) => values[i]!);
const shoeIndex = fc.nat({ max: 50 });
const operation = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    brand: fc.nat({ max: BRANDS.length - 1 }),
    color: pick(COLORS),
    onSale: fc.boolean(),
    stock: fc.uniqueArray(fc.tuple(pick(SIZES), fc.nat({ max: 2 })), {
      selector: ([size]) => size,
      maxLength: 3,
    }),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ op: fc.constant('recolor' as const), shoe: shoeIndex, color: pick(COLORS) }),
  fc.record({
    op: fc.constant('rebrand' as const),
    shoe: shoeIndex,
    brand: fc.nat({ max: BRANDS.length - 1 }),
  }),
  fc.record({ op: fc.constant('sale' as const), shoe: shoeIndex, onSale: fc.boolean() }),
  fc.record({
    op: fc.constant('price' as const),
    shoe: shoeIndex,
    cents: fc.integer({ min: 100, max: 50_000 }),
  }),
  fc.record({
    op: fc.constant('stock' as const),
    shoe: shoeIndex,
    size: pick(SIZES),
    quantity: fc.nat({ max: 2 }),
  }),
  fc.record({ op: fc.constant('delete' as const), shoe: shoeIndex }),
  fc.record({ op: fc.constant('bulk' as const), from: pick(COLORS), to: pick(COLORS) }),
  fc.record({ op: fc.constant('rolled back' as const), shoe: shoeIndex, color: pick(COLORS) }),
  fc.record({ op: fc.constant('fold' as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

async function apply(step: Operation, ids: string[]): Promise<void> {
  const at = 'shoe' in step && ids.length > 0 ? ids[step.shoe % ids.length]! : undefined;
  switch (step.op) {
    case 'insert':
      // The shoe and its stock in one transaction: its sizes in stock are set at the commit.
      await db().transaction(async (tx) => {
        const inserted = await tx
          .insert(shoes)
          .values(
            Array.from({ length: step.count }, (_, i) => ({
              name: `Counted ${ids.length + i}`,
              brandId: brandIds[step.brand]!,
              description: 'A shoe for the counts.',
              color: step.color,
              priceCents: 5_000 + i,
              onSale: step.onSale,
              image: '/uploads/shoes/counted.webp',
            })),
          )
          .returning({ id: shoes.id });
        const stock = inserted.flatMap(({ id }) =>
          step.stock.map(([size, quantity]) => ({ shoeId: id, size, quantity })),
        );
        if (stock.length > 0) await tx.insert(stockEntries).values(stock);
        ids.push(...inserted.map((shoe) => shoe.id));
      });
      return;
    case 'recolor':
      if (at) await db().update(shoes).set({ color: step.color }).where(eq(shoes.id, at));
      return;
    case 'rebrand':
      if (at) await db().update(shoes).set({ brandId: brandIds[step.brand]! }).where(eq(shoes.id, at));
      return;
    case 'sale':
      if (at) await db().update(shoes).set({ onSale: step.onSale }).where(eq(shoes.id, at));
      return;
    case 'price':
      if (at) await db().update(shoes).set({ priceCents: step.cents }).where(eq(shoes.id, at));
      return;
    case 'stock':
      if (at)
        await db()
          .insert(stockEntries)
          .values({ shoeId: at, size: step.size, quantity: step.quantity })
          .onConflictDoUpdate({
            target: [stockEntries.shoeId, stockEntries.size],
            set: { quantity: step.quantity },
          });
      return;
    case 'delete':
      if (at) {
        await db().delete(shoes).where(eq(shoes.id, at));
        ids.splice(ids.indexOf(at), 1);
      }
      return;
    case 'bulk':
      await db().execute(
        sql`UPDATE shoes SET color = ${step.to} WHERE lower(color) = ${step.from.toLowerCase()}`,
      );
      return;
    case 'rolled back':
      if (!at) return;
      await expect(
        db().transaction(async (tx) => {
          await tx.update(shoes).set({ color: step.color }).where(eq(shoes.id, at));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      return;
    case 'fold':
      await fold();
      return;
  }
}

describe('the facet counts', () => {
  it('say what the shoes say after any writes, folded or not, and a fold leaves one row per key', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (steps) => {
        runs += 1;
        const ids = (await db().select({ id: shoes.id }).from(shoes).orderBy(shoes.createdAt, shoes.id)).map(
          (shoe) => shoe.id,
        );
        for (const step of steps) await apply(step, ids);
        const before = await facetCountsAndShoes(db());
        expect(before.counts).toEqual(before.shoes);
        await fold();
        const after = await facetCountsAndShoes(db());
        expect(after.counts).toEqual(after.shoes);
        const rows = await facetCountRows(db());
        expect(rows).toEqual({ rows: Object.keys(after.shoes).length, unfolded: 0, repeated: 0, empty: 0 });
      }),
      { numRuns: 60 },
    );
    expect(runs).toBe(60);
    // The runs wrote shoes: the property was not checked on an empty catalogue only.
    expect(Object.keys((await facetCountsAndShoes(db())).shoes).length).toBeGreaterThan(2);
  }, 120_000);

  it('go with the shoes when the table is emptied at once (TRUNCATE)', async () => {
    await db().execute(sql`TRUNCATE shoes CASCADE`);
    expect(await facetCountRows(db())).toEqual({ rows: 0, unfolded: 0, repeated: 0, empty: 0 });
  });
});
