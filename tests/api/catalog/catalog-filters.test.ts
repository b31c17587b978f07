// One file because every test is checked against the one hand-counted facet catalogue
// (support/facet-catalog.ts) and its model, loaded once into one app.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../../src/domain/api-url.js';
import { MESSAGES } from '../../../src/domain/messages.js';
import type { FilterScope, ShoeFacets } from '../../../src/domain/shoe-filters.js';
import { CHART_SIZES, sizeBit } from '../../../src/domain/size-chart.js';
import type { ShoeSort } from '../../../src/domain/sorts.js';
import { brands, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { DECLINED_CARD_NUMBER, paymentMethodBody } from '../../fixtures/payment.js';
import { FACET_SHOES, insertFacetCatalog, type FacetShoe } from '../support/facet-catalog.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * The catalogue's filters and sorts (`GET /api/shoes`) and their facets (`GET /api/shoes/facets`)
 * on a small known catalogue (support/facet-catalog.ts). Expected lists and counts come from the
 * fixture itself (the model below), checked against hand-counted answers for a few cases; the
 * facets' counts are also checked against the lists they promise. The last block changes the stock
 * (admin, checkouts) and keeps the model in step.
 */

const ADMIN = { email: 'owner@filters.test', password: 'owner-password' };

let t: TestApp;
let ids: Map<string, string>;
let admin: string;
let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN));
  ({ shoeIds: ids } = await insertFacetCatalog(t.database.db));
  shopper = await signUp(t.app);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Requests.

interface Filters {
  size?: string[];
  color?: string[];
  brand?: string[];
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
}
interface ListQuery extends Filters {
  name?: string;
  sort?: ShoeSort;
  offset?: number;
  limit?: number;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function list(query: ListQuery) {
  const response = await get(apiUrl('/shoes', { limit: 100, ...query }));
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { name: string; price: number }[];
  return {
    names: body.map((shoe) => shoe.name),
    prices: body.map((shoe) => shoe.price),
    total: Number(response.headers['x-total-count']),
  };
}

const namesOf = async (query: ListQuery) => (await list(query)).names;

async function facets(filters: Filters, scope: FilterScope[] = []): Promise<ShoeFacets> {
  const response = await get(apiUrl('/shoes/facets', { ...filters, scope }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Colours compared in lower case: which spelling of "Red"/"red" a database shows depends on its collation. */
const lowerColors = (answer: ShoeFacets) =>
  answer.colors.map(({ value, count }) => ({ value: value.toLowerCase(), count }));

const sizeCounts = (counts: Record<string, number>) =>
  CHART_SIZES.map((value) => ({ value, count: counts[value] ?? 0 }));

// ---------------------------------------------------------------------------------------------
// The model: the fixture, its stock as the tests change it, and the pairs sold.

const model: FacetShoe[] = FACET_SHOES.map((shoe) => ({
  ...shoe,
  sizes: shoe.sizes.map(([size, quantity]): [string, number] => [size, quantity]),
}));
const sold = new Map<string, number>();

function setStock(name: string, size: string, quantity: number) {
  const shoe = model.find((candidate) => candidate.name === name)!;
  const entry = shoe.sizes.find(([candidate]) => candidate === size);
  if (entry) entry[1] = quantity;
  else shoe.sizes.push([size, quantity]);
}

const inStock = (shoe: FacetShoe, size: string) => shoe.sizes.some(([s, q]) => s === size && q > 0);

type Facet = 'size' | 'color' | 'brand' | 'price' | 'onSale';
const FACETS: Facet[] = ['size', 'color', 'brand', 'price', 'onSale'];

/** Whether the shoe passes one facet's filter (always, when that filter is not set). */
function passes(shoe: FacetShoe, filters: Filters, facet: Facet): boolean {
  const anyOf = (values: string[] | undefined, actual: string) =>
    !values?.length || values.some((value) => value.trim().toLowerCase() === actual.toLowerCase());
  switch (facet) {
    case 'size':
      return !filters.size?.length || filters.size.some((size) => inStock(shoe, size));
    case 'color':
      return anyOf(filters.color, shoe.color);
    case 'brand':
      return anyOf(filters.brand, shoe.brand);
    case 'price':
      return (
        (filters.minPrice === undefined || shoe.price >= filters.minPrice) &&
        (filters.maxPrice === undefined || shoe.price <= filters.maxPrice)
      );
    case 'onSale':
      return filters.onSale === undefined || shoe.onSale === filters.onSale;
  }
}

const matches = (shoe: FacetShoe, filters: Filters, except?: Facet) =>
  FACETS.every((facet) => facet === except || passes(shoe, filters, facet));

const created = (shoe: FacetShoe) => FACET_SHOES.findIndex((candidate) => candidate.name === shoe.name);
const ORDERS: Record<ShoeSort, (a: FacetShoe, b: FacetShoe) => number> = {
  price_asc: (a, b) => a.price - b.price,
  price_desc: (a, b) => b.price - a.price,
  newest: (a, b) => created(b) - created(a),
  best_selling: (a, b) => (sold.get(b.name) ?? 0) - (sold.get(a.name) ?? 0),
};

/** The names `GET /api/shoes` should answer: the sort, then by name. */
function expectedNames(filters: Filters, sort?: ShoeSort): string[] {
  return model
    .filter((shoe) => matches(shoe, filters))
    .sort((a, b) => (sort ? ORDERS[sort](a, b) : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((shoe) => shoe.name);
}

const byName = (a: { value: string }, b: { value: string }) =>
  a.value.localeCompare(b.value, 'en', { sensitivity: 'base' });

/** The facets `GET /api/shoes/facets` should answer (colours in lower case). */
function expectedFacets(filters: Filters, scope: FilterScope[] = []) {
  const within = model.filter((shoe) => scope.every((facet) => passes(shoe, filters, facet)));
  const count = (facet: Facet, test: (shoe: FacetShoe) => boolean) =>
    within.filter((shoe) => matches(shoe, filters, facet) && test(shoe)).length;
  const values = (of: (shoe: FacetShoe) => string) => [...new Set(within.map(of))];
  const prices = within.filter((shoe) => matches(shoe, filters, 'price')).map((shoe) => shoe.price);
  return {
    sizes: CHART_SIZES.map((value) => ({ value, count: count('size', (shoe) => inStock(shoe, value)) })),
    colors: values((shoe) => shoe.color.toLowerCase())
      .map((value) => ({ value, count: count('color', (shoe) => shoe.color.toLowerCase() === value) }))
      .sort(byName),
    brands: values((shoe) => shoe.brand)
      .map((value) => ({ value, count: count('brand', (shoe) => shoe.brand === value) }))
      .sort(byName),
    onSale: count('onSale', (shoe) => shoe.onSale),
    price:
      prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: null, max: null },
  };
}

async function expectFacetsAsModelled(filters: Filters, scope: FilterScope[] = []) {
  const answer = await facets(filters, scope);
  expect({ ...answer, colors: lowerColors(answer) }).toEqual(expectedFacets(filters, scope));
}

/**
 * Each count of the facets is what its list gives: count(v) is the number of shoes matching every
 * other facet's filter and v, so the list with the facet's filter set to v alone has that total.
 * The price range is the cheapest and dearest of the list without the price filter.
 */
async function expectCountsMatchLists(filters: Filters, scope: FilterScope[] = []) {
  const answer = await facets(filters, scope);
  const totalWith = async (change: Filters) => (await list({ ...filters, ...change })).total;
  expect(answer.sizes.map((size) => size.value)).toEqual(CHART_SIZES);
  for (const { value, count } of answer.sizes) {
    expect(await totalWith({ size: [value] }), `size ${value}`).toBe(count);
  }
  for (const { value, count } of answer.colors) {
    expect(await totalWith({ color: [value] }), `color ${value}`).toBe(count);
  }
  for (const { value, count } of answer.brands) {
    expect(await totalWith({ brand: [value] }), `brand ${value}`).toBe(count);
  }
  expect(await totalWith({ onSale: true }), 'on sale').toBe(answer.onSale);
  const unpriced = { ...filters, minPrice: undefined, maxPrice: undefined };
  const cheapest = await list({ ...unpriced, sort: 'price_asc', limit: 1 });
  const dearest = await list({ ...unpriced, sort: 'price_desc', limit: 1 });
  expect(answer.price).toEqual({ min: cheapest.prices[0] ?? null, max: dearest.prices[0] ?? null });
}

/** Filter states for the facets: single filters, OR within one, AND across, none matching, scopes. */
const STATES: { label: string; filters: Filters; scope?: FilterScope[] }[] = [
  { label: 'no filter', filters: {} },
  { label: 'one size', filters: { size: ['9'] } },
  { label: 'two sizes and a colour', filters: { size: ['8', '9'], color: ['blue'] } },
  { label: 'two brands on sale', filters: { brand: ['Velo', 'stride'], onSale: true } },
  { label: 'a price range', filters: { minPrice: 60, maxPrice: 150 } },
  {
    label: 'colours, sizes and a highest price',
    filters: { color: ['Black', 'WHITE'], size: ['9.5', '10', '11'], maxPrice: 200 },
  },
  { label: 'off sale in one size', filters: { onSale: false, size: ['6', '6.5'] } },
  { label: 'a state nothing matches', filters: { color: ['Green'], onSale: true } },
  { label: 'a brand collection', filters: { brand: ['Velo'], size: ['9'] }, scope: ['brand'] },
  { label: 'the sale', filters: { onSale: true, color: ['red'] }, scope: ['onSale'] },
  {
    label: 'a collection on sale',
    filters: { brand: ['Northpeak', 'Stride'], onSale: true, minPrice: 70 },
    scope: ['brand', 'onSale'],
  },
];

// ---------------------------------------------------------------------------------------------

describe('GET /api/shoes: each filter alone', () => {
  it('the model agrees with the fixture as counted by hand', () => {
    expect(expectedNames({ size: ['9'] })).toEqual([
      'Bravo Court',
      'Echo Glide',
      'Foxtrot Pulse',
      'India Flux',
    ]);
    expect(expectedNames({ onSale: true })).toHaveLength(5);
  });

  it.each([
    // Alpha Runner's 9 is at 0: not in stock.
    ['size=9', { size: ['9'] }, ['Bravo Court', 'Echo Glide', 'Foxtrot Pulse', 'India Flux']],
    // Golf Drift's 9.5 is at 0.
    ['size=9.5', { size: ['9.5'] }, ['Bravo Court']],
    // Delta Trail has only sizes at 0.
    ['size=10.5', { size: ['10.5'] }, []],
    ['size=7.5 (nobody has it)', { size: ['7.5'] }, []],
    ['color=RED (case-insensitive, both spellings)', { color: ['RED'] }, ['Alpha Runner', 'Charlie High']],
    ['color= blue  (trimmed)', { color: [' blue '] }, ['Bravo Court', 'Echo Glide', 'India Flux']],
    ['brand=velo', { brand: ['velo'] }, ['Golf Drift', 'Hotel Runner', 'India Flux', 'Juliet Orbit']],
    ['brand=Emptyco (no shoes)', { brand: ['Emptyco'] }, []],
    [
      'minPrice=99.99 (inclusive)',
      { minPrice: 99.99 },
      ['Bravo Court', 'Delta Trail', 'Foxtrot Pulse', 'Golf Drift', 'India Flux', 'Juliet Orbit'],
    ],
    ['maxPrice=59.99 (inclusive)', { maxPrice: 59.99 }, ['Alpha Runner', 'Hotel Runner']],
    ['minPrice=maxPrice=120', { minPrice: 120, maxPrice: 120 }, ['Bravo Court', 'India Flux']],
    ['maxPrice=0', { maxPrice: 0 }, []],
    [
      'onSale=true',
      { onSale: true },
      ['Alpha Runner', 'Charlie High', 'Echo Glide', 'Golf Drift', 'India Flux'],
    ],
    [
      'onSale=false',
      { onSale: false },
      ['Bravo Court', 'Delta Trail', 'Foxtrot Pulse', 'Hotel Runner', 'Juliet Orbit'],
    ],
  ] as [string, Filters, string[]][])('%s', async (_label, filters, expected) => {
    const answer = await list(filters);
    expect(answer.names).toEqual(expected);
    expect(answer.total).toBe(expected.length);
    expect(answer.names).toEqual(expectedNames(filters));
  });

  it('answers the shoes with their stock, sizes at 0 included', async () => {
    const response = await get('/api/shoes?size=8&color=black');
    const [golf] = response.json();
    expect(golf.name).toBe('Golf Drift');
    expect(
      golf.stock.map((entry: { size: string; quantity: number }) => [entry.size, entry.quantity]),
    ).toEqual([
      ['8', 1],
      ['9.5', 0],
      ['12', 4],
    ]);
  });
});

describe('GET /api/shoes: several values of one filter widen (OR), different filters narrow (AND)', () => {
  it.each([
    ['size=6&size=6.5', { size: ['6', '6.5'] }, ['Charlie High', 'Hotel Runner']],
    ['size=8&size=10', { size: ['8', '10'] }, ['Alpha Runner', 'Golf Drift']],
    ['color=red&color=green', { color: ['red', 'green'] }, ['Alpha Runner', 'Charlie High', 'Hotel Runner']],
    [
      'color=red&color=RED counts each shoe once',
      { color: ['red', 'RED'] },
      ['Alpha Runner', 'Charlie High'],
    ],
    [
      'brand=Stride&brand=northpeak',
      { brand: ['Stride', 'northpeak'] },
      ['Alpha Runner', 'Bravo Court', 'Charlie High', 'Delta Trail', 'Echo Glide', 'Foxtrot Pulse'],
    ],
    [
      'brand=Velo&brand=Nobody',
      { brand: ['Velo', 'Nobody'] },
      ['Golf Drift', 'Hotel Runner', 'India Flux', 'Juliet Orbit'],
    ],
  ] as [string, Filters, string[]][])('%s', async (_label, filters, expected) => {
    const answer = await list(filters);
    expect(answer.names).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it.each([
    ['size=9&color=blue', { size: ['9'], color: ['blue'] }, ['Bravo Court', 'Echo Glide', 'India Flux']],
    ['brand=Northpeak&onSale=true', { brand: ['Northpeak'], onSale: true }, ['Echo Glide']],
    ['size=9&brand=velo&maxPrice=100', { size: ['9'], brand: ['velo'], maxPrice: 100 }, []],
    [
      'size=8|9 & color=blue|black & minPrice=80',
      { size: ['8', '9'], color: ['blue', 'black'], minPrice: 80 },
      ['Bravo Court', 'Golf Drift', 'India Flux'],
    ],
    [
      'every filter at once',
      {
        size: ['7', '9', '11.5'],
        color: ['Blue', 'Red'],
        brand: ['Stride', 'Northpeak'],
        minPrice: 50,
        maxPrice: 100,
        onSale: true,
      },
      ['Charlie High', 'Echo Glide'],
    ],
  ] as [string, Filters, string[]][])('%s', async (_label, filters, expected) => {
    const answer = await list(filters);
    expect(answer.names).toEqual(expected);
    expect(answer.total).toBe(expected.length);
    expect(answer.names).toEqual(expectedNames(filters));
  });
});

describe('GET /api/shoes: sorts', () => {
  it('price_asc and price_desc, ties by name', async () => {
    expect(await namesOf({ sort: 'price_asc' })).toEqual([
      'Hotel Runner',
      'Alpha Runner',
      'Echo Glide',
      'Charlie High',
      'Golf Drift',
      'Bravo Court',
      'India Flux',
      'Delta Trail',
      'Foxtrot Pulse',
      'Juliet Orbit',
    ]);
    // Bravo Court and India Flux both cost 120: by name in both directions.
    expect(await namesOf({ sort: 'price_desc', size: ['9'] })).toEqual([
      'Foxtrot Pulse',
      'Bravo Court',
      'India Flux',
      'Echo Glide',
    ]);
    expect(await namesOf({ sort: 'price_desc' })).toEqual(expectedNames({}, 'price_desc'));
  });

  it('newest: the latest added first', async () => {
    expect(await namesOf({ sort: 'newest' })).toEqual(FACET_SHOES.map((shoe) => shoe.name).reverse());
    expect(await namesOf({ sort: 'newest', color: ['blue'] })).toEqual([
      'India Flux',
      'Echo Glide',
      'Bravo Court',
    ]);
  });

  it('best_selling before any sale: every shoe at 0 pairs, so by name', async () => {
    expect(await namesOf({ sort: 'best_selling' })).toEqual(FACET_SHOES.map((shoe) => shoe.name));
  });

  it('no sort: by name', async () => {
    expect(await namesOf({})).toEqual(FACET_SHOES.map((shoe) => shoe.name));
  });

  it('a search ranks first, then the sort applies among equally relevant shoes, filters kept', async () => {
    expect(await namesOf({ name: 'runner', sort: 'price_desc' })).toEqual(['Alpha Runner', 'Hotel Runner']);
    expect(await namesOf({ name: 'runner', sort: 'price_asc' })).toEqual(['Hotel Runner', 'Alpha Runner']);
    const onSale = await list({ name: 'runner', onSale: true });
    expect(onSale).toMatchObject({ names: ['Alpha Runner'], total: 1 });
    const none = await get(apiUrl('/shoes', { name: 'runner', color: ['blue'] }));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ message: MESSAGES.catalog.noSearchMatch });
  });
});

describe('GET /api/shoes: pages of a filtered list', () => {
  it('pages with the filters kept and the filtered total in X-Total-Count', async () => {
    const query: ListQuery = { color: ['blue'], sort: 'price_asc', limit: 2 };
    expect(await list(query)).toMatchObject({ names: ['Echo Glide', 'Bravo Court'], total: 3 });
    expect(await list({ ...query, offset: 2 })).toMatchObject({ names: ['India Flux'], total: 3 });
    expect(await list({ ...query, offset: 3 })).toMatchObject({ names: [], total: 3 });
  });

  it('walks a whole filtered list page by page, each shoe once, in the order of the whole list', async () => {
    const filters: Filters = { size: ['8', '9', '9.5', '10', '11'] };
    const whole = expectedNames(filters, 'price_desc');
    expect(whole).toHaveLength(6);
    const seen: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 4) {
      const page = await list({ ...filters, sort: 'price_desc', offset, limit: 4 });
      expect(page.names).toHaveLength(offset === 0 ? 4 : 2);
      expect(page.total).toBe(6);
      seen.push(...page.names);
    }
    expect(seen).toEqual(whole);
  });
});

describe('GET /api/shoes/facets', () => {
  it('counts every value with no filter (hand-counted)', async () => {
    const answer = await facets({});
    expect(answer.sizes).toEqual(
      sizeCounts({ '6': 1, '6.5': 1, '7': 1, '8': 2, '9': 4, '9.5': 1, '10': 1, '11': 1, '11.5': 1 }),
    );
    expect(lowerColors(answer)).toEqual([
      { value: 'black', count: 2 },
      { value: 'blue', count: 3 },
      { value: 'green', count: 1 },
      { value: 'red', count: 2 },
      { value: 'white', count: 2 },
    ]);
    // Emptyco has no shoe: not listed.
    expect(answer.brands).toEqual([
      { value: 'Northpeak', count: 3 },
      { value: 'Stride', count: 3 },
      { value: 'Velo', count: 4 },
    ]);
    expect(answer.onSale).toBe(5);
    expect(answer.price).toEqual({ min: 45, max: 310 });
  });

  it("counts each facet with the other facets' filters kept, its own left out (hand-counted)", async () => {
    const answer = await facets({ size: ['9'], color: ['blue'] });
    // Sizes of the blue shoes: Bravo (9, 9.5), Echo (7, 9), India (9).
    expect(answer.sizes).toEqual(sizeCounts({ '7': 1, '9': 3, '9.5': 1 }));
    // Colours of the shoes in size 9: Bravo, Echo, India (blue) and Foxtrot (white); the others at 0.
    expect(lowerColors(answer)).toEqual([
      { value: 'black', count: 0 },
      { value: 'blue', count: 3 },
      { value: 'green', count: 0 },
      { value: 'red', count: 0 },
      { value: 'white', count: 1 },
    ]);
    expect(answer.brands).toEqual([
      { value: 'Northpeak', count: 1 },
      { value: 'Stride', count: 1 },
      { value: 'Velo', count: 1 },
    ]);
    expect(answer.onSale).toBe(2);
    expect(answer.price).toEqual({ min: 75, max: 120 });
  });

  it('lists colours and brands from within the scope only (hand-counted)', async () => {
    const collection = await facets({ brand: ['Velo'] }, ['brand']);
    expect(lowerColors(collection)).toEqual([
      { value: 'black', count: 1 },
      { value: 'blue', count: 1 },
      { value: 'green', count: 1 },
      { value: 'white', count: 1 },
    ]);
    expect(collection.brands).toEqual([{ value: 'Velo', count: 4 }]);
    expect(collection.sizes).toEqual(sizeCounts({ '6.5': 1, '8': 1, '9': 1 }));
    expect(collection.onSale).toBe(2);
    expect(collection.price).toEqual({ min: 45, max: 310 });

    // Without the scope, the same filter lists every colour and brand of the catalogue.
    const unscoped = await facets({ brand: ['Velo'] });
    expect(lowerColors(unscoped).map((color) => color.value)).toEqual([
      'black',
      'blue',
      'green',
      'red',
      'white',
    ]);
    expect(lowerColors(unscoped).find((color) => color.value === 'red')).toEqual({ value: 'red', count: 0 });
    expect(unscoped.brands.map((brand) => brand.value)).toEqual(['Northpeak', 'Stride', 'Velo']);

    const sale = await facets({ onSale: true }, ['onSale']);
    expect(lowerColors(sale)).toEqual([
      { value: 'black', count: 1 },
      { value: 'blue', count: 2 },
      { value: 'red', count: 2 },
    ]);
    expect(sale.brands).toEqual([
      { value: 'Northpeak', count: 1 },
      { value: 'Stride', count: 2 },
      { value: 'Velo', count: 2 },
    ]);
    expect(sale.price).toEqual({ min: 59.99, max: 120 });
  });

  it('answers zero counts and no price range for an unknown colour or brand, listing the values still', async () => {
    const colour = await facets({ color: ['Purple'] });
    expect(colour.sizes).toEqual(sizeCounts({}));
    expect(colour.brands).toEqual([
      { value: 'Northpeak', count: 0 },
      { value: 'Stride', count: 0 },
      { value: 'Velo', count: 0 },
    ]);
    // Its own facet left out: the colours keep their counts.
    expect(lowerColors(colour)).toEqual(lowerColors(await facets({})));
    expect(colour.onSale).toBe(0);
    expect(colour.price).toEqual({ min: null, max: null });

    const brand = await facets({ brand: ['Nobody'] });
    expect(brand.sizes).toEqual(sizeCounts({}));
    expect(brand.colors.every((color) => color.count === 0)).toBe(true);
    expect(brand.onSale).toBe(0);
    expect(brand.price).toEqual({ min: null, max: null });
    // With the scope, nothing is found within it.
    const scoped = await facets({ brand: ['Nobody'] }, ['brand']);
    expect(scoped).toEqual({
      sizes: sizeCounts({}),
      colors: [],
      brands: [],
      onSale: 0,
      price: { min: null, max: null },
    });

    const empty = await list({ color: ['Purple'] });
    expect(empty).toEqual({ names: [], prices: [], total: 0 });
  });

  it('answers with a weak ETag and 304 to a matching If-None-Match', async () => {
    const url = apiUrl('/shoes/facets', { size: ['9'], scope: ['brand'], brand: ['Velo'] });
    const first = await get(url);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\//);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
  });

  it.each(STATES)('agrees with the model: $label', async ({ filters, scope }) => {
    await expectFacetsAsModelled(filters, scope);
  });

  it.each(STATES)('promises only what the lists give: $label', async ({ filters, scope }) => {
    await expectCountsMatchLists(filters, scope);
  });
});

describe('bad values', () => {
  const C = MESSAGES.catalog;
  const cases: [string, string][] = [
    ['size=99', C.unknownSize],
    ['size=abc', C.unknownSize],
    ['size=9&size=99', C.unknownSize],
    ["size=9'%20OR%20'1'='1", C.unknownSize],
    ['size=', C.unknownSize],
    ['minPrice=-1', C.badPrice],
    ['minPrice=1e5x', C.badPrice],
    ['minPrice=1e5', C.badPrice],
    ['minPrice=abc', C.badPrice],
    ['minPrice=', C.badPrice],
    ['maxPrice=10.999', C.badPrice],
    ['maxPrice=100000.01', C.badPrice],
    ['maxPrice=Infinity', C.badPrice],
    ['minPrice=1%20OR%201=1', C.badPrice],
    ['minPrice=100&maxPrice=50', C.priceRange],
    ['minPrice=50.01&maxPrice=50', C.priceRange],
    [Array.from({ length: 21 }, () => 'size=9').join('&'), C.tooManyValues],
    [Array.from({ length: 21 }, (_, i) => `color=c${i}`).join('&'), C.tooManyValues],
    [Array.from({ length: 21 }, (_, i) => `brand=b${i}`).join('&'), C.tooManyValues],
    [`color=${'a'.repeat(41)}`, C.badFilterText],
    [`brand=${'b'.repeat(41)}`, C.badFilterText],
    ['color=', C.badFilterText],
    ['color=%20%20', C.badFilterText],
    ['brand=', C.badFilterText],
    ['color=Red&color=', C.badFilterText],
    ['sort=bogus', C.badSort],
    ['sort=price_asc%3B%20DROP%20TABLE%20shoes', C.badSort],
    ['onSale=maybe', C.badOnSale],
    ['onSale=TRUE', C.badOnSale],
    ['onSale=1', C.badOnSale],
  ];

  describe.each(['/api/shoes', '/api/shoes/facets'])('%s', (path) => {
    it.each(cases)('?%s answers 400 with its message, every time', async (query, message) => {
      // Asked twice: kept answers are sent before validation, and a refused query is never kept.
      for (const _ of [1, 2]) {
        const response = await get(`${path}?${query}`);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'validation', message });
      }
    });
  });

  it('refuses an unknown scope of the facets', async () => {
    const response = await get('/api/shoes/facets?scope=color');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });

  it('takes the longest values it allows: 20 values of one filter, 40 characters of a name', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `color=${i === 0 ? 'blue' : `c${i}`}`).join('&');
    expect((await get(`/api/shoes?${twenty}`)).headers['x-total-count']).toBe('3');
    expect((await get(`/api/shoes/facets?${twenty}`)).statusCode).toBe(200);
    const long = await get(`/api/shoes?color=${'a'.repeat(40)}&minPrice=100000&maxPrice=100000`);
    expect(long.statusCode).toBe(200);
    expect(long.json()).toEqual([]);
  });

  it('answers every filter at its fullest at once: all 12 sizes, 20 colours, 20 brands, both scopes', async () => {
    const filters: Filters = {
      size: [...CHART_SIZES],
      color: ['Blue', 'red', ...Array.from({ length: 18 }, (_, i) => `Colour ${i}`)],
      brand: ['Velo', 'Stride', ...Array.from({ length: 18 }, (_, i) => `Brand ${i}`)],
      minPrice: 0,
      maxPrice: 100_000,
      onSale: true,
    };
    // On sale, blue or red, Velo or Stride, with a size in stock: Alpha, Charlie, India.
    expect(await list(filters)).toMatchObject({
      names: ['Alpha Runner', 'Charlie High', 'India Flux'],
      total: 3,
    });
    await expectFacetsAsModelled(filters, ['brand', 'onSale']);
  });

  it.each([
    ['color', "' OR 1=1 --"],
    ['brand', "' OR '1'='1"],
    ['color', "Red'); DROP TABLE shoes; --"],
    ['brand', '%'],
    ['color', '_'],
    ['color', '\\'],
    ['brand', 'Velo" OR "a"="a'],
  ])('treats %s=%s as a plain name that matches nothing (200)', async (key, value) => {
    const query = `${key}=${encodeURIComponent(value)}`;
    const listed = await get(`/api/shoes?${query}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([]);
    expect(listed.headers['x-total-count']).toBe('0');
    const counted = await get(`/api/shoes/facets?${query}`);
    expect(counted.statusCode, counted.body).toBe(200);
    const answer = counted.json() as ShoeFacets;
    expect(answer.sizes).toEqual(sizeCounts({}));
    expect(answer.onSale).toBe(0);
    expect(answer.price).toEqual({ min: null, max: null });
    // The catalogue is still there.
    expect((await list({})).total).toBe(10);
  });

  it('refuses a NUL character in a filter with a 400, not a 500', async () => {
    for (const path of ['/api/shoes', '/api/shoes/facets']) {
      const response = await get(`${path}?brand=Velo%00`);
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('stock and sales move shoes between filters', () => {
  const db = () => t.database.db;
  const maskOf = async (name: string) =>
    (
      await db()
        .select({ mask: shoes.sizesInStock })
        .from(shoes)
        .where(eq(shoes.id, ids.get(name)!))
    )[0]!.mask;
  const unitsSold = async (name: string) =>
    (
      await db()
        .select({ units: shoes.unitsSold })
        .from(shoes)
        .where(eq(shoes.id, ids.get(name)!))
    )[0]!.units;

  let requests = 0;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { cookie, origin: TEST_ORIGIN },
      remoteAddress: `10.31.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
    });
  const addSize = (name: string, size: string, q: number) =>
    send('PUT', `/api/shoes/addSize/${ids.get(name)!}`, { size, q: String(q) }, admin);

  async function checkout(lines: [string, string, number][], card?: string) {
    const method = await send(
      'POST',
      '/api/payments/methods',
      paymentMethodBody(card ? { number: card } : {}),
      shopper.cookie,
    );
    expect(method.statusCode, method.body).toBe(200);
    const cents = lines.reduce(
      (sum, [name, , quantity]) =>
        sum + quantity * Math.round(model.find((shoe) => shoe.name === name)!.price * 100),
      0,
    );
    return send(
      'POST',
      '/api/cart/checkout',
      {
        id: method.json().id,
        shoes: lines.map(([name, size, quantity]) => ({ _id: ids.get(name)!, size, quantity })),
        amount: cents,
      },
      shopper.cookie,
    );
  }

  it('keeps the sizes in stock as a mask the trigger sets at the commit', async () => {
    expect(await maskOf('Alpha Runner')).toBe(sizeBit('8') | sizeBit('10'));
    // 9.5 at 0 and 12 off the chart add nothing.
    expect(await maskOf('Golf Drift')).toBe(sizeBit('8'));
    expect(await maskOf('Delta Trail')).toBe(0);
    expect(await maskOf('Juliet Orbit')).toBe(0);

    // Alpha Runner's last pairs in 8 go (a direct write, as any writer of the stock would do it).
    const alpha8 = and(eq(stockEntries.shoeId, ids.get('Alpha Runner')!), eq(stockEntries.size, '8'));
    await db().transaction(async (tx) => {
      await tx.update(stockEntries).set({ quantity: 0 }).where(alpha8);
      const [inside] = await tx
        .select({ mask: shoes.sizesInStock })
        .from(shoes)
        .where(eq(shoes.id, ids.get('Alpha Runner')!));
      // Deferred: nothing changes before the commit.
      expect(inside!.mask).toBe(sizeBit('8') | sizeBit('10'));
    });
    expect(await maskOf('Alpha Runner')).toBe(sizeBit('10'));
    setStock('Alpha Runner', '8', 0);
  });

  it('an admin adding a size brings the shoe into that size and drops the cached answers', async () => {
    const url = apiUrl('/shoes', { size: ['8'], sort: 'newest' });
    const facetsUrl = apiUrl('/shoes/facets', { color: ['green'] });
    // Alpha Runner left size 8 above.
    expect((await get(url)).json().map((shoe: { name: string }) => shoe.name)).toEqual(['Golf Drift']);
    expect(((await get(facetsUrl)).json() as ShoeFacets).sizes).toEqual(sizeCounts({ '6.5': 1 }));

    // Hotel Runner gets a size 8 through the admin API (a new stock row).
    const added = await addSize('Hotel Runner', '8', 1);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(MESSAGES.admin.sizeAdded('8', 1));
    setStock('Hotel Runner', '8', 1);
    expect(await maskOf('Hotel Runner')).toBe(sizeBit('6.5') | sizeBit('8'));

    const after = await get(url);
    expect(after.json().map((shoe: { name: string }) => shoe.name)).toEqual(['Hotel Runner', 'Golf Drift']);
    expect(after.headers['x-total-count']).toBe('2');
    expect(((await get(facetsUrl)).json() as ShoeFacets).sizes).toEqual(sizeCounts({ '6.5': 1, '8': 1 }));
    await expectFacetsAsModelled({ size: ['8'] });
  });

  it('the cache is per URL: cached answers do not see a direct write, a write through the API drops them', async () => {
    const url = apiUrl('/shoes', { size: ['11'] });
    const facetsUrl = apiUrl('/shoes/facets', { brand: ['Northpeak'] });
    const cached = await get(url);
    expect(cached.json().map((shoe: { name: string }) => shoe.name)).toEqual(['Foxtrot Pulse']);
    const northpeak11 = async () =>
      ((await get(facetsUrl)).json() as ShoeFacets).sizes.find((size) => size.value === '11')!.count;
    expect(await northpeak11()).toBe(1);
    // Behind the API's back: Delta Trail gets an 11 (an insert, through the trigger).
    await db()
      .insert(stockEntries)
      .values({ shoeId: ids.get('Delta Trail')!, size: '11', quantity: 1 });
    expect(await maskOf('Delta Trail')).toBe(sizeBit('11'));
    const stale = await get(url);
    expect(stale.json().map((shoe: { name: string }) => shoe.name)).toEqual(['Foxtrot Pulse']);
    expect(stale.headers['x-total-count']).toBe('1');
    expect(await northpeak11()).toBe(1);
    // The same filter spelt another way is another URL, whose page is computed afresh (its count,
    // kept per filter rather than per URL, is not asked about here).
    const other = await get('/api/shoes?limit=99&size=11');
    expect(other.json().map((shoe: { name: string }) => shoe.name)).toEqual(['Delta Trail', 'Foxtrot Pulse']);
    setStock('Delta Trail', '11', 1);

    // Alpha Runner's 9, at 0, restocked through the admin API (an update of a sold-out size).
    const restocked = await addSize('Alpha Runner', '9', 2);
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json().message).toBe(MESSAGES.admin.sizeRestocked('9', 2));
    setStock('Alpha Runner', '9', 2);
    const fresh = await get(url);
    expect(fresh.json().map((shoe: { name: string }) => shoe.name)).toEqual(['Delta Trail', 'Foxtrot Pulse']);
    expect(fresh.headers['x-total-count']).toBe('2');
    expect(await northpeak11()).toBe(2);
    expect(await namesOf({ size: ['9'] })).toEqual([
      'Alpha Runner',
      'Bravo Court',
      'Echo Glide',
      'Foxtrot Pulse',
      'India Flux',
    ]);
  });

  it('a checkout selling the last pair takes the shoe out of its size, counts the pairs sold and drops the cache', async () => {
    // All three cached before the sale.
    const size9 = apiUrl('/shoes', { size: ['9'] });
    const bestUrl = apiUrl('/shoes', { sort: 'best_selling' });
    const facetsUrl = apiUrl('/shoes/facets', { color: ['blue'] });
    expect((await get(size9)).headers['x-total-count']).toBe('5');
    expect((await get(bestUrl)).json()[0].name).toBe('Alpha Runner');
    expect(((await get(facetsUrl)).json() as ShoeFacets).sizes).toEqual(
      sizeCounts({ '7': 1, '9': 3, '9.5': 1 }),
    );

    // India Flux's only pair (9) and three of Echo Glide's five 7s.
    const paid = await checkout([
      ['India Flux', '9', 1],
      ['Echo Glide', '7', 3],
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    setStock('India Flux', '9', 0);
    setStock('Echo Glide', '7', 2);
    sold.set('India Flux', 1);
    sold.set('Echo Glide', 3);

    expect(await maskOf('India Flux')).toBe(0);
    expect(await unitsSold('India Flux')).toBe(1);
    expect(await unitsSold('Echo Glide')).toBe(3);
    const after = await get(size9);
    expect(after.json().map((shoe: { name: string }) => shoe.name)).toEqual([
      'Alpha Runner',
      'Bravo Court',
      'Echo Glide',
      'Foxtrot Pulse',
    ]);
    expect(after.headers['x-total-count']).toBe('4');
    // Echo Glide keeps two 7s.
    expect(await namesOf({ size: ['7'] })).toEqual(['Echo Glide']);
    expect(((await get(facetsUrl)).json() as ShoeFacets).sizes).toEqual(
      sizeCounts({ '7': 1, '9': 2, '9.5': 1 }),
    );
    expect((await get(bestUrl)).json().map((shoe: { name: string }) => shoe.name)).toEqual([
      'Echo Glide',
      'India Flux',
      'Alpha Runner',
      'Bravo Court',
      'Charlie High',
      'Delta Trail',
      'Foxtrot Pulse',
      'Golf Drift',
      'Hotel Runner',
      'Juliet Orbit',
    ]);
  });

  it('best_selling follows the pairs sold; a refused payment sells nothing', async () => {
    const paid = await checkout([['Bravo Court', '9.5', 2]]);
    expect(paid.statusCode, paid.body).toBe(200);
    setStock('Bravo Court', '9.5', 1);
    sold.set('Bravo Court', 2);

    const declined = await checkout([['Foxtrot Pulse', '11', 3]], DECLINED_CARD_NUMBER);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(await unitsSold('Foxtrot Pulse')).toBe(0);
    expect(await maskOf('Foxtrot Pulse')).toBe(sizeBit('9') | sizeBit('11'));

    const best = await namesOf({ sort: 'best_selling' });
    expect(best.slice(0, 4)).toEqual(['Echo Glide', 'Bravo Court', 'India Flux', 'Alpha Runner']);
    expect(best).toEqual(expectedNames({}, 'best_selling'));
    expect(await list({ sort: 'best_selling', offset: 1, limit: 2 })).toMatchObject({
      names: ['Bravo Court', 'India Flux'],
      total: 10,
    });
    // With a filter: the blue shoes by pairs sold.
    expect(await namesOf({ sort: 'best_selling', color: ['blue'] })).toEqual([
      'Echo Glide',
      'Bravo Court',
      'India Flux',
    ]);
  });

  it.each(STATES)(
    'after the changes, the facets still agree with the model and the lists: $label',
    async ({ filters, scope }) => {
      await expectFacetsAsModelled(filters, scope);
      await expectCountsMatchLists(filters, scope);
    },
  );
});

describe('colours beyond ASCII (the admin forms take any letters)', () => {
  it('match and group whatever their case', async () => {
    const { db } = t.database;
    const [brand] = await db.insert(brands).values({ name: 'Zulu' }).returning();
    const [shoe] = await db
      .insert(shoes)
      .values({
        name: 'Kilo Ecru',
        brandId: brand!.id,
        description: 'An undyed shoe.',
        color: 'Écru',
        priceCents: 6500,
        image: '/uploads/shoes/kilo-ecru.webp',
      })
      .returning();
    await db.insert(stockEntries).values({ shoeId: shoe!.id, size: '9', quantity: 1 });
    // Through the API, so that the cache goes.
    const restocked = await t.app.inject({
      method: 'PUT',
      url: `/api/shoes/addSize/${shoe!.id}`,
      payload: { size: '10', q: '1' },
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);

    for (const color of ['Écru', 'écru', 'ÉCRU']) {
      expect(await list({ color: [color] }), color).toMatchObject({ names: ['Kilo Ecru'], total: 1 });
    }
    const answer = await facets({ color: ['ÉCRU'], size: ['9'] });
    expect(answer.colors.find((color) => color.value.toLowerCase() === 'écru')).toEqual({
      value: 'Écru',
      count: 1,
    });
    expect(answer.brands.find((brand) => brand.value === 'Zulu')).toEqual({ value: 'Zulu', count: 1 });
    expect(answer.sizes.filter((size) => size.count > 0)).toEqual([
      { value: '9', count: 1 },
      { value: '10', count: 1 },
    ]);
  });
});
