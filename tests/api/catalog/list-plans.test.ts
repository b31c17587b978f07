import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS, type ShoeFilters } from '../../../src/domain/shoe-filters.js';
import { SORTS } from '../../../src/domain/sorts.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { createCatalogRepository } from '../../../src/server/modules/catalog/repository.js';
import { insertFacetCatalog } from '../support/facet-catalog.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * A list filtered by colour or brand with few matches is read through that index and sorted, one with many in
 * its order's index (catalog repository, `sortAtMost`; docs/performance.md, "The filtered page"). The
 * two reads must give the same pages: every filter state, sort and page of the faceted catalogue,
 * read both ways.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFacetCatalog(database.db);
});
afterAll(() => database?.close());

const STATES: Partial<ShoeFilters>[] = [
  { colors: ['red'] },
  { colors: ['Blue'], sizes: ['9'] },
  { sizes: ['9', '10'] },
  { brands: ['Velo'] },
  { brands: ['Stride', 'Northpeak'], onSale: true },
  { onSale: false, minPrice: 50, maxPrice: 150 },
  { colors: ['White', 'black'], brands: ['Velo'] },
];

describe('a filtered page, sorted or read in order', () => {
  it('is the same page either way, for every sort and page', async () => {
    const sorted = createCatalogRepository(database.db, undefined, undefined, Number.MAX_SAFE_INTEGER);
    const inOrder = createCatalogRepository(database.db, undefined, undefined, -1);
    let compared = 0;
    for (const state of STATES) {
      for (const sort of [undefined, ...SORTS]) {
        for (const offset of [0, 2, 4]) {
          const query = { ...NO_FILTERS, ...state, sort, offset, limit: 2 };
          const [a, b] = await Promise.all([sorted.listShoes(query), inOrder.listShoes(query)]);
          expect(a, JSON.stringify(query)).toEqual(b);
          compared += a.items.length;
        }
      }
    }
    // Most states match shoes: the pages compared were not all empty.
    expect(compared).toBeGreaterThan(100);
  });
});
