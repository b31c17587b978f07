import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertCatalog, STANDARD_BRANDS, standardShoes } from '../support/catalog-fixture.js';

let t: TestApp;
let shoeIds: Map<string, string>;
const fixture = standardShoes();

beforeAll(async () => {
  t = await createTestApp();
  ({ shoeIds } = await insertCatalog(t.database.db, STANDARD_BRANDS, fixture));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/shoes', () => {
  it('pages the catalogue with the total in X-Total-Count', async () => {
    const first = await get('/api/shoes?limit=28');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('40');
    const firstPage = first.json();
    expect(firstPage).toHaveLength(28);
    const second = (await get('/api/shoes?limit=28&offset=28')).json();
    expect(second).toHaveLength(12);
    const ids = new Set([...firstPage, ...second].map((shoe: { _id: string }) => shoe._id));
    expect(ids.size).toBe(40);
  });

  it('answers shoes with the fields of spec §3 (and the version admin edits check) and stock sorted by size', async () => {
    const [shoe] = (await get('/api/shoes?limit=1')).json();
    expect(Object.keys(shoe).sort()).toEqual(
      ['_id', 'brand', 'color', 'description', 'image', 'name', 'onSale', 'price', 'stock', 'version'].sort(),
    );
    expect(shoe.stock.map((entry: { size: string }) => entry.size)).toEqual(['9', '9.5', '10']);
    expect(shoe.stock[0]).toEqual({ _id: expect.any(String), size: '9', quantity: 3 });
  });

  it('defaults to a bounded page when no limit is given', async () => {
    const response = await get('/api/shoes');
    expect(response.json()).toHaveLength(28);
    expect(response.headers['x-total-count']).toBe('40');
  });

  it('filters by brand, case-insensitively', async () => {
    const response = await get('/api/shoes?brand=northpeak&limit=100');
    const list = response.json();
    const expected = fixture.filter((shoe) => shoe.brand === 'Northpeak').length;
    expect(list).toHaveLength(expected);
    expect(list.every((shoe: { brand: string }) => shoe.brand === 'Northpeak')).toBe(true);
  });

  it('answers an empty list for an unknown brand', async () => {
    const response = await get('/api/shoes?brand=Nobody');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('filters by colour within a brand', async () => {
    const list = (await get('/api/shoes?brand=Stride&color=red&limit=100')).json();
    const expected = fixture.filter((shoe) => shoe.brand === 'Stride' && shoe.color === 'Red');
    expect(list.map((shoe: { name: string }) => shoe.name).sort()).toEqual(
      expected.map((shoe) => shoe.name).sort(),
    );
  });

  it('sorts by price ascending and descending', async () => {
    const asc = (await get('/api/shoes?sort=price_asc&limit=100'))
      .json()
      .map((s: { price: number }) => s.price);
    const desc = (await get('/api/shoes?sort=price_desc&limit=100'))
      .json()
      .map((s: { price: number }) => s.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
    expect(asc[0]).toBe(Math.min(...fixture.map((shoe) => shoe.price)));
  });

  it('searches names case-insensitively', async () => {
    const list = (await get('/api/shoes?name=CLOUD')).json();
    expect(list.map((shoe: { name: string }) => shoe.name).sort()).toEqual(
      ['Cloud Court', 'Cloud High', 'Cloud Runner', 'Cloud Trail'].sort(),
    );
  });

  it('finds a shoe despite a typo', async () => {
    const list = (await get('/api/shoes?name=summit%20trial')).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list[0].name).toBe('Summit Trail');
  });

  it('answers a text message when a search finds nothing', async () => {
    const response = await get('/api/shoes?name=zzzzqqqq');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.catalog.noSearchMatch });
  });

  it('treats SQL-looking and wildcard search text as plain text', async () => {
    for (const text of ["' OR 1=1 --", '%', '_', "'; DROP TABLE shoes; --", '\\']) {
      const response = await get(`/api/shoes?name=${encodeURIComponent(text)}`);
      expect(response.statusCode, text).toBe(200);
      expect(response.json(), text).toEqual({ message: MESSAGES.catalog.noSearchMatch });
    }
    expect((await get('/api/shoes')).headers['x-total-count']).toBe('40');
  });

  it('refuses a 10 kB search string with a clear 400', async () => {
    const response = await get(`/api/shoes?name=${'a'.repeat(10_000)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation');
    expect(response.json().error.fields.name).toMatch(/at most 100 characters/);
  });

  it.each([
    'offset=-1',
    'limit=0',
    'limit=101',
    'limit=1e9',
    'offset=99999999999',
    'limit=abc',
    'sort=cheap',
  ])('refuses %s with a 400, never a 500', async (query) => {
    const response = await get(`/api/shoes?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });

  it('answers an empty page past the end, with the real total', async () => {
    const response = await get('/api/shoes?offset=1000');
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('40');
  });

  it('answers 304 to a conditional GET with a matching ETag', async () => {
    const first = await get('/api/shoes?limit=5');
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const second = await get('/api/shoes?limit=5', { 'if-none-match': tag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('GET /api/shoes/onSale', () => {
  it('lists only shoes on sale, cheapest first', async () => {
    const response = await get('/api/shoes/onSale?limit=100');
    const list = response.json();
    const expected = fixture.filter((shoe) => shoe.onSale);
    expect(list).toHaveLength(expected.length);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
    expect(list.every((shoe: { onSale: boolean }) => shoe.onSale)).toBe(true);
    const prices = list.map((shoe: { price: number }) => shoe.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('GET /api/shoes/:id', () => {
  it('answers one shoe', async () => {
    const id = shoeIds.get('Nova Runner')!;
    const response = await get(`/api/shoes/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: id, name: 'Nova Runner', brand: expect.any(String) });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get('/api/shoes/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(MESSAGES.catalog.shoeNotFound);
  });

  it.each(['not-a-uuid', '1', "'%20OR%201=1", 'x'.repeat(150)])(
    'answers 404 for the malformed id %s',
    async (id) => {
      const response = await get(`/api/shoes/${id}`);
      expect(response.statusCode).toBe(404);
    },
  );
});

describe('GET /api/brands and /api/shoes/colors', () => {
  it('lists brands with _id and name, alphabetically', async () => {
    const list = (await get('/api/brands')).json();
    expect(list.map((brand: { name: string }) => brand.name)).toEqual([...STANDARD_BRANDS].sort());
    expect(list[0]).toEqual({ _id: expect.any(String), name: expect.any(String) });
  });

  it('lists the colours of a brand', async () => {
    const colors = (await get('/api/shoes/colors?brand=Velo')).json();
    const expected = [...new Set(fixture.filter((s) => s.brand === 'Velo').map((s) => s.color))].sort();
    expect(colors).toEqual(expected);
  });
});

describe('API basics', () => {
  it('serves the OpenAPI document', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/shoes', '/api/shoes/onSale', '/api/shoes/{id}', '/api/brands']),
    );
  });

  it('answers JSON 404 for an unknown API route', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('compresses large JSON answers', async () => {
    const response = await get('/api/shoes?limit=100', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toMatch(/br|gzip/);
  });
});
