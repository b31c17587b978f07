/**
 * The search as a new shopper tries it (issue 35 item 5) on the demo catalogue: a brand, a colour, two
 * words of descriptions, typos, every word required, the best matches first, and the facets of the
 * `/search` page counted within the matches. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../../src/domain/api-url.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import { demoShoes } from '../../../src/server/db/seed/demo-catalogue.js';
import { seedDemoCatalogue } from '../../../src/server/db/seed/seed-demo.js';
import { createDiskImageStore } from '../../../src/server/storage/image-store.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-search-'));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogue(t.database.db, createDiskImageStore(uploadsDir));
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

interface Found {
  name: string;
  brand: string;
  color: string;
}

async function search(text: string, extra: Record<string, string | string[]> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: apiUrl('/shoes', { name: text, limit: 100, ...extra }),
  });
  expect(response.statusCode).toBe(200);
  return { body: response.json() as Found[] | { message: string }, total: response.headers['x-total-count'] };
}

async function names(text: string, extra: Record<string, string | string[]> = {}): Promise<string[]> {
  const { body } = await search(text, extra);
  expect(Array.isArray(body), `${text}: ${JSON.stringify(body)}`).toBe(true);
  return (body as Found[]).map((shoe) => shoe.name);
}

/** The demo shoes having a word that starts with each of `words` in their brand, colour, name or description. */
function havingWords(...words: string[]): string[] {
  const startsAWord = (text: string, word: string) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'iu').test(text);
  return demoShoes
    .filter((shoe) =>
      words.every((word) =>
        [shoe.brand, shoe.color, shoe.name, shoe.description].some((text) => startsAWord(text, word)),
      ),
    )
    .map((shoe) => shoe.name);
}

describe('search: what a new shopper types', () => {
  it('"kinetic" finds the brand\'s 9 shoes', async () => {
    const kinetic = demoShoes.filter((shoe) => shoe.brand === 'Kinetic').map((shoe) => shoe.name);
    expect(kinetic).toHaveLength(9);
    expect((await names('kinetic')).sort()).toEqual(kinetic.sort());
    expect((await search('kinetic')).total).toBe('9');
  });

  it('"black" finds the black shoes (colour, name or description), the black colours first', async () => {
    const found = await names('black');
    expect(found.sort()).toEqual(havingWords('black').sort());
    const shoes = (await search('black')).body as Found[];
    const firstDescriptionOnly = shoes.findIndex((shoe) => !/black/i.test(`${shoe.color} ${shoe.name}`));
    const lastColour = shoes.findLastIndex((shoe) => /black/i.test(shoe.color));
    if (firstDescriptionOnly >= 0) expect(lastColour).toBeLessThan(firstDescriptionOnly);
  });

  it('"high top" finds the shoes with both words, those named High first', async () => {
    const found = await names('high top');
    expect([...found].sort()).toEqual(havingWords('high', 'top').sort());
    expect(found.length).toBeGreaterThanOrEqual(9);
    const named = found.filter((name) => /\bhigh\b/i.test(name));
    expect(named.length).toBeGreaterThan(0);
    expect(found.slice(0, named.length).sort()).toEqual(named.sort());
  });

  it('every word must match something: a word nothing has leaves no match', async () => {
    expect((await search('kinetic zzzzqq')).body).toEqual({ message: MESSAGES.catalog.noSearchMatch });
  });

  it('finds words typed in part (the live panel while typing) and plurals', async () => {
    // "kine" is also close to King (a typo forgiven): the Kinetic shoes are all there.
    expect(await names('kine')).toEqual(expect.arrayContaining(havingWords('kine')));
    expect(havingWords('kine')).toHaveLength(9);
    expect((await names('sneakers')).length).toBeGreaterThan(0);
    expect((await names('sneakers')).sort()).toEqual((await names('sneaker')).sort());
  });

  it('forgives typos in brands, colours and names', async () => {
    expect((await names('kinetik')).sort()).toEqual((await names('kinetic')).sort());
    expect(await names('lavendar')).toEqual(expect.arrayContaining(['Gentle Step']));
    expect((await names('cloud runnr'))[0]).toBe('Cloud Runner');
  });

  it('is case-insensitive and ignores punctuation', async () => {
    expect((await names('HIGH-TOP, Black!')).sort()).toEqual(havingWords('high', 'top', 'black').sort());
  });

  it('keeps the filters and sorts of /shoes within the matches', async () => {
    const red = await names('kinetic', { color: 'Red' });
    expect(red).toEqual(['Circuit Trainer']);
    const byPrice = (await search('kinetic', { sort: 'price_asc' })).body as (Found & { price: number })[];
    const prices = byPrice.map((shoe) => shoe.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('counts the facets within the matches (the /search page)', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl('/shoes/facets', { name: 'kinetic' }) });
    expect(response.statusCode).toBe(200);
    const facets = response.json() as {
      brands: { value: string; count: number }[];
      colors: { count: number }[];
    };
    expect(facets.brands).toEqual([{ value: 'Kinetic', count: 9 }]);
    expect(facets.colors.reduce((sum, colour) => sum + colour.count, 0)).toBe(9);
  });
});
