import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, domainEvents, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The cart kept on the account (issue 35 item 1, docs/decisions/025), on PGlite and on PostgreSQL:
 * read, written on a version (a stale write refused and nothing written), merged at sign-in (the larger
 * quantity), what changed since a line was added, emptied once an order is paid (once per order), in
 * the data download and erased with the account.
 */
describe.each([
  ['PGlite', false],
  ['PostgreSQL', true],
] as const)('the saved cart on %s', (_name, postgres) => {
  let t: TestApp;
  let ids: Map<string, string>;
  const send = createSender(() => t.app, postgres ? 61 : 62);
  beforeAll(async () => {
    t = await createTestApp({}, { postgres });
    ({ shoeIds: ids } = await insertCatalog(
      t.database.db,
      ['Stride'],
      [
        {
          name: 'Cloud Runner',
          brand: 'Stride',
          color: 'Red',
          price: 120,
          sizes: [
            ['9', 10],
            ['10', 10],
          ],
        },
        { name: 'Storm Court', brand: 'Stride', color: 'Blue', price: 80, sizes: [['9', 10]] },
        { name: 'Ember High', brand: 'Stride', color: 'Black', price: 60.5, sizes: [['8', 10]] },
      ],
    ));
  });
  afterAll(() => t.close());

  const line = (name: string, size: string, quantity: number, price = 1) => ({
    _id: ids.get(name)!,
    name,
    image: '',
    quantity,
    price,
    size,
  });
  const keys = (answer: { lines: { name: string; size: string; quantity: number }[] }) =>
    answer.lines.map((item) => `${item.name} ${item.size} x${item.quantity}`);

  it('starts empty, saves a whole cart at the catalogue’s prices, and merges a write made on an older cart', async () => {
    const shopper = await signUp(t.app);
    const empty = await send('GET', '/api/account/cart', shopper.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ version: 0, lines: [] });

    // A write made on a version that never was, on no cart at all: merged into nothing, nothing.
    const staleFirst = await send('PUT', '/api/account/cart', shopper.cookie, { version: 4, lines: [] });
    expect(staleFirst.statusCode).toBe(200);
    expect(staleFirst.json().lines).toEqual([]);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    expect(row?.version ?? 0).toBe(0);

    const saved = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 0,
      lines: [
        line('Cloud Runner', '9', 1),
        line('Storm Court', '9', 2),
        // The same shoe and size twice is one line at the larger quantity; an id that names no shoe goes.
        line('Cloud Runner', '9', 3),
        { ...line('Storm Court', '9', 1), _id: 'not-a-shoe' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cart = saved.json();
    expect(cart.version).toBe(1);
    expect(keys(cart)).toEqual(['Cloud Runner 9 x3', 'Storm Court 9 x2']);
    // The price is the catalogue's, not the device's $1.
    expect(cart.lines.map((item: { price: number }) => item.price)).toEqual([120, 80]);
    expect(cart.lines[0].changes).toEqual({
      removed: false,
      price: null,
      left: 10,
      soldOut: false,
      low: false,
    });

    // Made on version 0 (another device wrote since): merged, never written over. Emptying it there
    // erases nothing; a pair of its own is added, the same shoe and size keeping the larger quantity.
    const stale = await send('PUT', '/api/account/cart', shopper.cookie, { version: 0, lines: [] });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().version).toBe(1);
    expect(keys(stale.json())).toEqual(['Cloud Runner 9 x3', 'Storm Court 9 x2']);
    const staleWithLines = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 0,
      lines: [line('Cloud Runner', '9', 1), line('Ember High', '8', 2)],
    });
    expect(staleWithLines.statusCode, staleWithLines.body).toBe(200);
    expect(staleWithLines.json().version).toBe(2);
    expect(keys(staleWithLines.json())).toEqual(['Cloud Runner 9 x3', 'Storm Court 9 x2', 'Ember High 8 x2']);
    const after = (await send('GET', '/api/account/cart', shopper.cookie)).json();
    expect(keys(after)).toEqual(keys(staleWithLines.json()));

    // The same lines again change nothing: no new version.
    const same = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 2,
      lines: [line('Cloud Runner', '9', 3), line('Storm Court', '9', 2), line('Ember High', '8', 2)],
    });
    expect(same.json().version).toBe(2);
  });

  it('merges a device’s cart: every line of both, the same shoe and size at the larger quantity', async () => {
    const shopper = await signUp(t.app);
    await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 0,
      lines: [line('Cloud Runner', '9', 3), line('Storm Court', '9', 1)],
    });
    const merged = await send('POST', '/api/account/cart/merge', shopper.cookie, {
      lines: [line('Storm Court', '9', 4), line('Cloud Runner', '9', 1), line('Ember High', '8', 2)],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(keys(merged.json())).toEqual(['Cloud Runner 9 x3', 'Storm Court 9 x4', 'Ember High 8 x2']);
    expect(merged.json().version).toBe(2);
    // Merged again with the same device cart: nothing changes, no new version.
    const again = await send('POST', '/api/account/cart/merge', shopper.cookie, {
      lines: [line('Storm Court', '9', 4)],
    });
    expect(again.json().version).toBe(2);
    expect(keys(again.json())).toEqual(keys(merged.json()));
  });

  it('tells what changed since a line was added: a new price, few left, sold out, removed', async () => {
    const shopper = await signUp(t.app);
    const { shoeIds: own } = await insertCatalog(
      t.database.db,
      [`Brand ${postgres}`],
      [
        { name: 'Price Shoe', brand: `Brand ${postgres}`, color: 'Red', price: 150, sizes: [['9', 8]] },
        { name: 'Low Shoe', brand: `Brand ${postgres}`, color: 'Red', price: 90, sizes: [['9', 8]] },
        { name: 'Gone Shoe', brand: `Brand ${postgres}`, color: 'Red', price: 70, sizes: [['9', 8]] },
      ],
    );
    const mine = (name: string, quantity: number) => ({ ...line(name, '9', quantity), _id: own.get(name)! });
    const saved = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 0,
      lines: [mine('Price Shoe', 1), mine('Low Shoe', 3), mine('Gone Shoe', 1)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cartId = saved.json().cartId;

    const { db } = t.database;
    await db
      .update(shoes)
      .set({ priceCents: 12_000 })
      .where(eq(shoes.id, own.get('Price Shoe')!));
    await db
      .update(stockEntries)
      .set({ quantity: 2 })
      .where(eq(stockEntries.shoeId, own.get('Low Shoe')!));
    await db.delete(shoes).where(eq(shoes.id, own.get('Gone Shoe')!));

    const changed = (await send('GET', '/api/account/cart', shopper.cookie)).json();
    const [price, low, gone] = changed.lines;
    expect(price).toMatchObject({ price: 120, changes: { price: { was: 150, now: 120 }, low: false } });
    expect(low.changes).toEqual({ removed: false, price: null, left: 2, soldOut: false, low: true });
    expect(gone).toMatchObject({ name: 'Gone Shoe', price: 70, changes: { removed: true, left: null } });

    await db
      .update(stockEntries)
      .set({ quantity: 0 })
      .where(eq(stockEntries.shoeId, own.get('Low Shoe')!));
    const soldOut = (await send('GET', '/api/account/cart', shopper.cookie)).json().lines[1];
    expect(soldOut.changes).toEqual({ removed: false, price: null, left: 0, soldOut: true, low: false });

    // Emptied: this cart ends, the next is another (a new id for the reminders of item 2).
    const emptied = await send('PUT', '/api/account/cart', shopper.cookie, { version: 1, lines: [] });
    expect(emptied.json()).toMatchObject({ version: 2, lines: [] });
    expect(emptied.json().cartId).not.toBe(cartId);
  });

  it('is emptied once the order is paid, once per order, and keeps what was picked after', async () => {
    const shopper = await signUp(t.app);
    const saved = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 0,
      lines: [line('Cloud Runner', '10', 1)],
    });
    const paidCartId = saved.json().cartId;
    await paidOrder(send, shopper.cookie, {
      shoeId: ids.get('Cloud Runner')!,
      size: '10',
      quantity: 1,
      priceCents: 12_000,
    });
    // The consumers ran before the checkout answered (docs/decisions/017).
    const after = (await send('GET', '/api/account/cart', shopper.cookie)).json();
    expect(after).toMatchObject({ version: 2, lines: [] });
    expect(after.cartId).not.toBe(paidCartId);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    expect(row).toMatchObject({ paidCartId });
    expect(row!.paidOrderId).not.toBeNull();

    // A line picked after paying stays when the same order.paid is handed over again (the sweep).
    const picked = await send('PUT', '/api/account/cart', shopper.cookie, {
      version: 2,
      lines: [line('Storm Court', '9', 1)],
    });
    expect(picked.statusCode).toBe(200);
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
      .where(
        and(
          eq(domainEvents.type, 'order.paid'),
          sql`${domainEvents.payload} ->> 'orderId' = ${row!.paidOrderId}`,
        ),
      );
    await t.app.domainEvents.sweep();
    expect(keys((await send('GET', '/api/account/cart', shopper.cookie)).json())).toEqual([
      'Storm Court 9 x1',
    ]);
  });

  it('is in the data download and erased with the account', async () => {
    const shopper = await signUp(t.app);
    const other = await signUp(t.app);
    for (const who of [shopper, other]) {
      await send('PUT', '/api/account/cart', who.cookie, {
        version: 0,
        lines: [line('Storm Court', '9', 2)],
      });
    }
    const download = (await send('GET', '/api/account/data', shopper.cookie)).json();
    expect(download.savedCart).toMatchObject({
      lines: [
        { shoeId: ids.get('Storm Court'), name: 'Storm Court', size: '9', quantity: 2, priceWhenAdded: 80 },
      ],
    });
    const deleted = await send('POST', '/api/account/delete', shopper.cookie, { password: shopper.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cartOf = (userId: string) => t.database.db.select().from(carts).where(eq(carts.userId, userId));
    expect(await cartOf(shopper.user._id)).toEqual([]);
    expect(await cartOf(other.user._id)).toHaveLength(1);
  });
});
