import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coPurchases, domainEvents, orders, shoes } from '../../../src/server/db/schema.js';
import { recordEvents } from '../../../src/server/events/outbox-repository.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { checkoutWith } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * "You may also like" (issue 35 item 4, docs/decisions/027) on PGlite and PostgreSQL: the shoes
 * bought together (counted from `order.paid`, once per order), then the same brand and colour, the
 * same brand, the same colour and the same price band, closest in price first; in stock (in the
 * size asked), never the shoe itself; kept with the catalogue's answers and dropped when stock or the
 * shoes bought together change.
 */
describe.each([
  ['PGlite', false],
  ['PostgreSQL', true],
] as const)('You may also like on %s', (_name, postgres) => {
  let t: TestApp;
  let ids: Map<string, string>;
  const send = createSender(() => t.app, postgres ? 81 : 82);
  beforeAll(async () => {
    // Longer than the file takes: an answer still cached at the end was kept, not computed again.
    t = await createTestApp({ CATALOG_CACHE_TTL_MS: 600_000 }, { postgres });
    ({ shoeIds: ids } = await insertCatalog(
      t.database.db,
      ['Velo', 'Stride', 'Apex'],
      [
        {
          name: 'Main',
          brand: 'Velo',
          color: 'Red',
          price: 100,
          sizes: [
            ['9', 10],
            ['10', 10],
          ],
        },
        // Bought with Main (nothing else would bring them: another brand and colour, far in price).
        { name: 'Bought Twice', brand: 'Apex', color: 'Green', price: 300, sizes: [['9', 10]] },
        { name: 'Bought Once', brand: 'Apex', color: 'Green', price: 310, sizes: [['10', 10]] },
        { name: 'Bought Sold Out', brand: 'Apex', color: 'Green', price: 320, sizes: [['9', 1]] },
        // The fill-up, in its order.
        { name: 'Brand Colour Near', brand: 'Velo', color: 'red', price: 150 },
        { name: 'Brand Colour Far', brand: 'Velo', color: 'Red', price: 400 },
        { name: 'Brand', brand: 'Velo', color: 'Blue', price: 105, sizes: [['10', 5]] },
        { name: 'Colour', brand: 'Stride', color: 'Red', price: 100 },
        { name: 'Band', brand: 'Stride', color: 'Blue', price: 90, sizes: [['9', 1]] },
        // Never: outside the price band, or in no size.
        { name: 'Out Of Band', brand: 'Stride', color: 'Blue', price: 200 },
        { name: 'Out Of Stock', brand: 'Velo', color: 'Red', price: 101, sizes: [['9', 0]] },
      ],
    ));
  });
  afterAll(() => t.close());

  const id = (name: string) => ids.get(name)!;
  const names = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { name: string }[]).map((shoe) => shoe.name);
  };
  const alsoLike = (size?: string) =>
    names(`/api/shoes/${id('Main')}/also-like${size ? `?size=${size}` : ''}`);
  const order = async (lines: [string, string, number][]) => {
    const shopper = await signUp(t.app);
    const prices = await t.database.db.select({ id: shoes.id, cents: shoes.priceCents }).from(shoes);
    const cents = new Map(prices.map((row) => [row.id, row.cents]));
    const paid = await checkoutWith(send, shopper.cookie, {
      shoes: lines.map(([name, size, quantity]) => ({ _id: id(name), size, quantity })),
      amount: lines.reduce((sum, [name, , quantity]) => sum + cents.get(id(name))! * quantity, 0),
    });
    expect(paid.statusCode, paid.body).toBe(200);
  };

  it('fills up with the same brand and colour, brand, colour and price band, closest in price first', async () => {
    expect(await alsoLike()).toEqual(['Brand Colour Near', 'Brand Colour Far', 'Brand', 'Colour', 'Band']);
  });

  it('puts the shoes bought together first, most orders first, in stock only, never the shoe itself', async () => {
    await order([
      ['Main', '9', 1],
      ['Bought Twice', '9', 1],
    ]);
    await order([
      ['Main', '10', 1],
      ['Bought Twice', '9', 1],
      ['Bought Once', '10', 1],
    ]);
    // Sells its last pair: bought together, but no longer in stock.
    await order([
      ['Main', '9', 1],
      ['Bought Sold Out', '9', 1],
    ]);
    // The answer cached by the test before was dropped by these orders.
    expect(await alsoLike()).toEqual([
      'Bought Twice',
      'Bought Once',
      'Brand Colour Near',
      'Brand Colour Far',
      'Brand',
      'Colour',
      'Band',
    ]);
    // Counted both ways: Bought Once was bought once with each of Main and Bought Twice (a tie).
    const boughtOnce = await names(`/api/shoes/${id('Bought Once')}/also-like`);
    expect(boughtOnce.slice(0, 2).sort()).toEqual(['Bought Twice', 'Main']);
  });

  it('keeps the shoes in stock in the size asked', async () => {
    expect(await alsoLike('9')).toEqual([
      'Bought Twice',
      'Brand Colour Near',
      'Brand Colour Far',
      'Colour',
      'Band',
    ]);
    expect(await alsoLike('10')).toEqual(['Bought Once', 'Brand']);
    const bad = await t.app.inject({ method: 'GET', url: `/api/shoes/${id('Main')}/also-like?size=42` });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for a shoe that is not there', async () => {
    for (const missing of ['not-a-shoe', '00000000-0000-4000-8000-000000000000']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/shoes/${missing}/also-like` });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('counts an order handed over again once', async () => {
    const pair = () =>
      t.database.db
        .select({ orders: coPurchases.orders })
        .from(coPurchases)
        .where(
          sql`${coPurchases.shoeId} = ${id('Main')} AND ${coPurchases.otherShoeId} = ${id('Bought Twice')}`,
        );
    expect(await pair()).toEqual([{ orders: 2 }]);
    const all = await t.database.db.select({ id: orders.id }).from(orders);
    // Every order.paid again, as a sweep after a crash would hand them over.
    await recordEvents(
      t.database.db,
      all.map((row) => ({ type: 'order.paid' as const, payload: { orderId: row.id } })),
    );
    await t.database.db
      .update(domainEvents)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(domainEvents.type, 'order.paid'));
    await t.app.domainEvents.sweep();
    const waiting = await t.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(sql`${domainEvents.dispatchedAt} IS NULL AND ${domainEvents.type} = 'order.paid'`);
    expect(waiting).toEqual([]);
    expect(await pair()).toEqual([{ orders: 2 }]);
  });

  it('is kept with the catalogue and dropped when the stock of a shown shoe changes', async () => {
    const before = await alsoLike();
    expect(before).toContain('Band');
    // Behind the shop's back: a kept answer does not see it.
    await t.database.db
      .update(shoes)
      .set({ name: 'Renamed Brand' })
      .where(eq(shoes.id, id('Brand')));
    expect(await alsoLike()).toEqual(before);
    // Its last pair sold: the answer is computed again without it (and with the new name).
    await order([['Band', '9', 1]]);
    const after = await alsoLike();
    expect(after).not.toContain('Band');
    expect(after).toContain('Renamed Brand');
  });
});
