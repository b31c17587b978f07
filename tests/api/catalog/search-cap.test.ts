/**
 * A broad search (decision 033): past SEARCH_MATCH_CAP matches, a search ranks the shoes it read,
 * the name matches among them wherever they are stored, counts "at least" (X-Total-Is-Lower-Bound),
 * and pages no further than the cap; the list's filters are applied as the shoes are read, so a
 * filter that narrows a broad search gives its exact count. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../../src/domain/api-url.js';
import { SEARCH_MATCH_CAP } from '../../../src/domain/catalog-search.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { insertCatalog, type FixtureShoe } from '../support/catalog-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const TEAL_SHOES = SEARCH_MATCH_CAP + 200;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const teal: FixtureShoe[] = Array.from({ length: TEAL_SHOES }, (_, i) => ({
    name: `Plain Model ${i}`,
    brand: 'Capco',
    color: 'Teal',
    price: 20 + (i % 200),
  }));
  const ochre: FixtureShoe[] = Array.from({ length: 30 }, (_, i) => ({
    name: `Field Model ${i}`,
    brand: 'Capco',
    color: 'Ochre',
    price: 40,
  }));
  // Stored last: past the cap, the shoes read for the colour alone would not reach it.
  const legend: FixtureShoe = { name: 'Teal Legend', brand: 'Capco', color: 'Teal', price: 500 };
  await insertCatalog(t.database.db, ['Capco'], [...teal, ...ochre, legend]);
}, 120_000);
afterAll(() => t.close());

async function list(query: Record<string, string | number>) {
  const response = await t.app.inject({ method: 'GET', url: apiUrl('/shoes', { limit: 28, ...query }) });
  expect(response.statusCode).toBe(200);
  return {
    body: response.json() as { name: string; price: number }[] | { message: string },
    total: Number(response.headers['x-total-count']),
    atLeast: response.headers['x-total-is-lower-bound'],
  };
}

describe('a search past the cap', () => {
  it('counts to the cap and says there are more', async () => {
    const teal = await list({ name: 'teal' });
    expect(teal.total).toBe(SEARCH_MATCH_CAP);
    expect(teal.atLeast).toBe('true');
  });

  it('ranks the name match first, though it was stored after every other match', async () => {
    const { body } = await list({ name: 'teal' });
    expect((body as { name: string }[])[0]?.name).toBe('Teal Legend');
    const priced = await list({ name: 'teal', sort: 'price_desc' });
    expect((priced.body as { name: string }[])[0]?.name).toBe('Teal Legend');
  });

  it('pages up to the cap and no further', async () => {
    const last = await list({ name: 'teal', offset: SEARCH_MATCH_CAP - 10 });
    expect(last.body).toHaveLength(10);
    const past = await list({ name: 'teal', offset: SEARCH_MATCH_CAP });
    expect(past.body).toEqual([]);
    expect(past.total).toBe(SEARCH_MATCH_CAP);
  });

  it('applies the filters as it reads: a filter that narrows it gives the exact count', async () => {
    // Prices 20 + (i % 200): 300 teal shoes at 69 or less, the legend (500) not among them.
    const cheap = await list({ name: 'teal', maxPrice: 69, limit: 100 });
    expect(cheap.total).toBe(300);
    expect(cheap.atLeast).toBeUndefined();
    expect((cheap.body as { price: number }[]).every((shoe) => shoe.price <= 69)).toBe(true);
  });

  it('is exact for every word together: "teal legend" is one shoe', async () => {
    const both = await list({ name: 'teal legend' });
    expect(both.total).toBe(1);
    expect(both.atLeast).toBeUndefined();
  });

  it('counts the facets within the shoes it considered, and says they are partial', async () => {
    const facets = async (name: string) => {
      const response = await t.app.inject({ method: 'GET', url: apiUrl('/shoes/facets', { name }) });
      expect(response.statusCode).toBe(200);
      return response.json() as { brands: { value: string; count: number }[]; partial?: boolean };
    };
    const teal = await facets('teal');
    expect(teal.brands).toEqual([{ value: 'Capco', count: SEARCH_MATCH_CAP }]);
    expect(teal.partial).toBe(true);
    expect((await facets('ochre')).partial).toBeUndefined();
  });

  it('past the cap through the whole text in names too ("model"), a filter still finds the rest exactly', async () => {
    const model = await list({ name: 'model' });
    expect(model.atLeast).toBe('true');
    // The ochre shoes are stored after 1,200 teal ones: past the first 1,000 read, yet found by the filter.
    const ochre = await list({ name: 'model', color: 'Ochre' });
    expect(ochre.total).toBe(30);
    expect(ochre.atLeast).toBeUndefined();
  });
});

describe('a search under the cap', () => {
  it('counts exactly, with no lower bound', async () => {
    const ochre = await list({ name: 'ochre' });
    expect(ochre.total).toBe(30);
    expect(ochre.atLeast).toBeUndefined();
  });

  it('matches text of one or two letters as the start of a word, not inside one', async () => {
    expect((await list({ name: 'oc' })).total).toBe(30);
    expect((await list({ name: 'hr' })).body).toEqual({ message: MESSAGES.catalog.noSearchMatch });
  });
});
