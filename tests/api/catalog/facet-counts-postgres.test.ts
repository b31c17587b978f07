import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { brands, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { createCatalogRepository } from '../../../src/server/modules/catalog/repository.js';
import { facetCountRows, facetCountsAndShoes } from '../support/facet-counts.js';
import { openPostgresTestDatabase } from '../support/test-database.js';

/**
 * The facet counts (docs/decisions/035) under concurrent writers, on the machine's PostgreSQL always
 * (as money-concurrency.test.ts): writers that each move several shoes to other keys in one
 * transaction (their colour, sale, brand, and a size sold out or back, which the deferred trigger
 * turns into a new mask at the commit), while folds run beside them. No writer may wait on another
 * for the counts (none fails, as a deadlock would), and the counts end as the shoes are.
 */
const WRITERS = 6;
const TRANSACTIONS = 25;
const SHOES = 40;
const COLORS = ['Red', 'Blue', 'Navy', 'Black'];

let database: DatabaseHandle;
let shoeIds: string[];
let brandIds: string[];

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  const db = database.db;
  brandIds = (
    await db
      .insert(brands)
      .values(['Stride', 'Velo'].map((name) => ({ name })))
      .returning()
  ).map((brand) => brand.id);
  shoeIds = (
    await db
      .insert(shoes)
      .values(
        Array.from({ length: SHOES }, (_, i) => ({
          name: `Contended ${i}`,
          brandId: brandIds[i % 2]!,
          description: 'A shoe many change at once.',
          color: COLORS[i % COLORS.length]!,
          priceCents: 5_000 + i,
          image: '/uploads/shoes/contended.webp',
        })),
      )
      .returning({ id: shoes.id })
  ).map((shoe) => shoe.id);
  await db
    .insert(stockEntries)
    .values(shoeIds.flatMap((shoeId) => ['8', '9'].map((size) => ({ shoeId, size, quantity: 2 }))));
}, 60_000);
afterAll(() => database?.close());

/** A small deterministic generator per writer, so a failure can be run again as it was. */
function randomOf(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('the facet counts under concurrent writers (PostgreSQL)', () => {
  it('never make writers wait for each other, and end as the shoes are', async () => {
    const db = database.db;
    const repository = createCatalogRepository(db);
    let done = 0;
    let folds = 0;
    const errors: unknown[] = [];
    const writer = async (index: number) => {
      const random = randomOf(index + 1);
      for (let n = 0; n < TRANSACTIONS; n += 1) {
        const chosen = [
          ...new Set(Array.from({ length: 2 + random(3) }, () => shoeIds[random(SHOES)]!)),
        ].sort();
        try {
          await db.transaction(async (tx) => {
            // The shoes first, in id order, as the checkout and the admin forms take them (decision 009).
            await tx.execute(
              sql`SELECT id FROM shoes WHERE ${inArray(shoes.id, chosen)} ORDER BY id FOR UPDATE`,
            );
            for (const id of chosen) {
              await tx.execute(sql`
                UPDATE shoes SET color = ${COLORS[random(COLORS.length)]!}, on_sale = ${random(2) === 1},
                                 brand_id = ${brandIds[random(2)]!}
                 WHERE id = ${id}`);
              await tx.execute(
                sql`UPDATE stock_entries SET quantity = ${random(2) * 3} WHERE shoe_id = ${id} AND size = ${random(2) ? '8' : '9'}`,
              );
            }
          });
          done += 1;
        } catch (error) {
          errors.push(error);
        }
      }
    };
    let writing = true;
    const folder = async () => {
      while (writing) {
        await repository.foldFacetCounts();
        folds += 1;
      }
    };
    const folding = [folder(), folder()];
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    writing = false;
    await Promise.all(folding);

    expect(errors).toEqual([]);
    expect(done).toBe(WRITERS * TRANSACTIONS);
    expect(folds).toBeGreaterThan(0);
    const { counts, shoes: byShoes } = await facetCountsAndShoes(db);
    expect(counts).toEqual(byShoes);
    expect(Object.values(byShoes).reduce((sum, n) => sum + n, 0)).toBe(SHOES);
    await repository.foldFacetCounts();
    expect(await facetCountRows(db)).toMatchObject({ unfolded: 0, repeated: 0, empty: 0 });
  }, 120_000);
});
