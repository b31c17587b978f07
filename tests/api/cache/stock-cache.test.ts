import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../../src/domain/api-url.js';
import type { ShoeFacets } from '../../../src/domain/shoe-filters.js';
import { shoes, stockEntries } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * An order or a refund changes stock, and drops only the cached catalogue answers that change with
 * it (cache/cache-tags.ts): the ordered shoes' details and the lists showing them, the
 * best-selling order, and the size filters and facets only when a size sells out or comes back.
 * What is kept is proven by writes made behind the shop's back (which no cached answer can see):
 * an answer still missing them was kept, one showing them was computed again.
 */
const ADMIN = { email: 'owner@stock-cache.test', password: 'owner-password' };

let t: TestApp;
let admin: string;
let ids: Map<string, string>;
const send = createSender(() => t.app, 73);

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.73.250.1',
    // Longer than the whole file takes: an answer still cached at the end was kept, not expired
    // and computed again.
    env: { CATALOG_CACHE_TTL_MS: 600_000 },
  }));
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [
      {
        name: 'Alpha',
        brand: 'Velo',
        color: 'Red',
        price: 50,
        sizes: [
          ['9', 5],
          ['10', 1],
        ],
      },
      { name: 'Bravo', brand: 'Velo', color: 'Blue', price: 60, sizes: [['9', 2]] },
      { name: 'Charlie', brand: 'Velo', color: 'Green', price: 70, sizes: [['10', 3]] },
    ],
  ));
});
afterAll(() => t.close());

const id = (name: string) => ids.get(name)!;
const URLS = {
  alpha: () => apiUrl(`/shoes/${id('Alpha')}`),
  alphaInCapitals: () => apiUrl(`/shoes/${id('Alpha').toUpperCase()}`),
  bravo: () => apiUrl(`/shoes/${id('Bravo')}`),
  all: () => apiUrl('/shoes', { sort: 'price_asc' }),
  blue: () => apiUrl('/shoes', { color: ['Blue'] }),
  size10: () => apiUrl('/shoes', { size: ['10'] }),
  facets: () => apiUrl('/shoes/facets', {}),
};

interface ShoeAnswer {
  _id: string;
  name: string;
  price: number;
  stock: { size: string; quantity: number }[];
}

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const quantity = (shoe: ShoeAnswer, size: string) =>
  shoe.stock.find((entry) => entry.size === size)?.quantity;
const priceIn = (list: ShoeAnswer[], name: string) => list.find((shoe) => shoe.name === name)?.price;
const colors = async () => (await get<ShoeFacets>(URLS.facets())).colors.map((color) => color.value);

/** Behind the shop's back: no cached answer hears of it. */
async function setSilently(name: string, values: Partial<typeof shoes.$inferInsert>) {
  await t.database.db
    .update(shoes)
    .set(values)
    .where(eq(shoes.id, id(name)));
}

async function order(size: string, quantityOrdered = 1) {
  const shopper = await signUp(t.app);
  return paidOrder(send, shopper.cookie, {
    shoeId: id('Alpha'),
    size,
    quantity: quantityOrdered,
    priceCents: 5000,
  });
}

describe('a change of stock and the catalogue cache', () => {
  let soldOut: { idPayment: string; lineId: string };

  it('an order drops the ordered shoe and the lists showing it, and keeps what it did not change', async () => {
    for (const url of Object.values(URLS)) await get(url());
    expect(quantity(await get(URLS.alphaInCapitals()), '9')).toBe(5);
    await setSilently('Bravo', { priceCents: 6100 });
    await setSilently('Charlie', { priceCents: 7100, color: 'Teal' });

    await order('9', 2);

    expect(quantity(await get(URLS.alpha()), '9')).toBe(3);
    // The same shoe spelt in capitals is the same shoe.
    expect(quantity(await get(URLS.alphaInCapitals()), '9')).toBe(3);
    // Lists showing Alpha were computed again, so they show the silent writes as well.
    const all = await get<ShoeAnswer[]>(URLS.all());
    expect(
      quantity(
        all.find((shoe) => shoe.name === 'Alpha')!,
        '9',
      ),
    ).toBe(3);
    expect(priceIn(all, 'Bravo')).toBe(61);
    expect(priceIn(await get(URLS.size10()), 'Charlie')).toBe(71);
    // Kept: Bravo's own answers, and what depends only on which sizes are in stock.
    expect((await get<ShoeAnswer>(URLS.bravo())).price).toBe(60);
    expect(priceIn(await get(URLS.blue()), 'Bravo')).toBe(60);
    expect(await colors()).toEqual(['Blue', 'Green', 'Red']);
  });

  it("an order selling a size's last pair drops the size filters and the facets too", async () => {
    soldOut = await order('10');
    const size10 = await get<ShoeAnswer[]>(URLS.size10());
    expect(size10.map((shoe) => shoe.name)).toEqual(['Charlie']);
    // A search in that size finds nothing now (and keeps saying so until the size is back).
    expect(await get(apiUrl('/shoes', { name: 'Alpha', size: ['10'] }))).toMatchObject({
      message: expect.any(String),
    });
    expect(await colors()).toEqual(['Blue', 'Red', 'Teal']);
    expect(quantity(await get(URLS.alpha()), '10')).toBe(0);
    // Still kept: Bravo was not ordered and the blue list has no size filter.
    expect((await get<ShoeAnswer>(URLS.bravo())).price).toBe(60);
    expect(priceIn(await get(URLS.blue()), 'Bravo')).toBe(60);
  });

  it('a refund putting a sold-out size back in stock brings the shoe back into its size at once', async () => {
    await setSilently('Charlie', { color: 'Olive' });
    const refunded = await send(
      'POST',
      `/api/cart/order/${soldOut.idPayment}/refunds`,
      admin,
      {
        reason: 'Changed their mind',
        lines: [{ lineId: soldOut.lineId, quantity: 1 }],
        restock: true,
      },
      { 'idempotency-key': 'stock-cache-refund-1' },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(quantity(await get(URLS.alpha()), '10')).toBe(1);
    expect((await get<ShoeAnswer[]>(URLS.size10())).map((shoe) => shoe.name)).toEqual(['Alpha', 'Charlie']);
    const found = await get<ShoeAnswer[]>(apiUrl('/shoes', { name: 'Alpha', size: ['10'] }));
    expect(found.map((shoe) => shoe.name)).toEqual(['Alpha']);
    expect(await colors()).toEqual(['Blue', 'Olive', 'Red']);
    expect((await get<ShoeAnswer>(URLS.bravo())).price).toBe(60);
  });

  it('a checkout refused for stock that is gone drops the answers that showed it', async () => {
    expect(quantity(await get(URLS.bravo()), '9')).toBe(2);
    // Sold elsewhere, behind the shop's back: the cached shoe still shows two pairs.
    await t.database.db
      .update(stockEntries)
      .set({ quantity: 0 })
      .where(and(eq(stockEntries.shoeId, id('Bravo')), eq(stockEntries.size, '9')));
    expect(quantity(await get(URLS.bravo()), '9')).toBe(2);
    const shopper = await signUp(t.app);
    const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
    const refused = await send('POST', '/api/cart/checkout', shopper.cookie, {
      id: method.json().id,
      shoes: [{ _id: id('Bravo'), size: '9', quantity: 1 }],
      amount: 6100,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(quantity(await get(URLS.bravo()), '9')).toBe(0);
  });

  it('an admin edit still drops everything', async () => {
    const restocked = await send('PUT', `/api/shoes/addSize/${id('Charlie')}`, admin, { size: '11', q: '1' });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect((await get<ShoeAnswer>(URLS.bravo())).price).toBe(61);
    expect(priceIn(await get(URLS.blue()), 'Bravo')).toBe(61);
  });
});
