// One file because its races share one app and catalogue and end with the same books checks; they
// are the slowest API tests, and one app for all of them pays its start once.
import { MESSAGES } from '../../../src/domain/messages.js';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOE_LIMITS } from '../../../src/domain/admin.js';
import { orderLines, orders, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { cookieFrom, signIn, signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type * as TestPaymentProvider from '../../../src/server/payments/test-payment-provider.js';

/**
 * Concurrency (issue 7, item 3). Like the last-pair test in checkout.test.ts,
 * this file runs on PGlite in `npm test` and again on PostgreSQL when CI sets
 * DATABASE_URL, where the requests really run side by side on a pool of 20
 * connections.
 *
 * The test card processor keeps its charges to itself, so the charges it
 * captures and refunds are counted here by wrapping it: the checkout code under
 * test is the real one, only the provider's calls are recorded.
 */
const ledger = vi.hoisted(() => ({
  charges: new Map<string, { paymentMethodId: string; idempotencyKey: string; amountCents: number }>(),
  refunds: new Set<string>(),
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) => {
  const original = await importOriginal<typeof TestPaymentProvider>();
  return {
    createTestPaymentProvider(secret: string) {
      const provider = original.createTestPaymentProvider(secret);
      return {
        ...provider,
        async charge(request: Parameters<typeof provider.charge>[0]) {
          const charge = await provider.charge(request);
          ledger.charges.set(charge.id, {
            paymentMethodId: request.paymentMethodId,
            idempotencyKey: request.idempotencyKey,
            amountCents: charge.amountCents,
          });
          return charge;
        },
        async refund(chargeId: string) {
          ledger.refunds.add(chargeId);
          return provider.refund(chargeId);
        },
      };
    },
  };
});

const ADMIN = { email: 'owner@concurrency.test', password: 'owner-password' };

let t: TestApp;
let ids: Map<string, string>;
let admin: string;

/** Captured and not given back: what shoppers actually paid. */
const capturedCharges = () => [...ledger.charges.keys()].filter((id) => !ledger.refunds.has(id));

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.40.0.1' }));
  // With DATABASE_URL set (CI's second run), this file must really be on PostgreSQL, never quietly on PGlite.
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride', 'Velo'],
    [
      // 10 units in all, over 3 shoes x 2 sizes.
      {
        name: 'Rush Runner',
        brand: 'Stride',
        color: 'Red',
        price: 100,
        sizes: [
          ['9', 2],
          ['10', 1],
        ],
      },
      {
        name: 'Rush Court',
        brand: 'Velo',
        color: 'Blue',
        price: 80,
        sizes: [
          ['8.5', 2],
          ['11', 2],
        ],
      },
      {
        name: 'Rush High',
        brand: 'Velo',
        color: 'Black',
        price: 65.5,
        sizes: [
          ['7', 1],
          ['12', 2],
        ],
      },
      { name: 'Contested', brand: 'Stride', color: 'White', price: 90, sizes: [['9', 5]] },
      { name: 'Same Cart', brand: 'Stride', color: 'Green', price: 70, sizes: [['10', 5]] },
      { name: 'Pair Left', brand: 'Stride', color: 'White', price: 50, sizes: [['9', 100]] },
      { name: 'Pair Right', brand: 'Velo', color: 'White', price: 55, sizes: [['9', 100]] },
      {
        name: 'Flip',
        brand: 'Stride',
        color: 'Teal',
        price: 40,
        sizes: [
          ['9', 1],
          ['9.5', 1],
          ['10', 1],
          ['11', 0],
        ],
      },
    ],
  ));
  console.log(`[concurrency] database: ${t.database.kind}`);
});
afterAll(() => t.close());

let requests = 0;
/** Each request from its own address: per-address limits are not what these tests are about. */
const inject = (
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie, ...headers },
    remoteAddress: `10.41.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

async function paymentMethod(cookie: string) {
  const response = await inject('POST', '/api/payments/methods', cookie, paymentMethodBody());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const PRICES: Record<string, number> = { 'Rush Runner': 10000, 'Rush Court': 8000, 'Rush High': 6550 };
const CONTESTED = [
  ['Rush Runner', '9'],
  ['Rush Runner', '10'],
  ['Rush Court', '8.5'],
  ['Rush Court', '11'],
  ['Rush High', '7'],
  ['Rush High', '12'],
] as const;

async function stockRows(names: string[]) {
  const rows = await t.database.db
    .select({ shoeId: stockEntries.shoeId, size: stockEntries.size, quantity: stockEntries.quantity })
    .from(stockEntries);
  const wanted = new Set(names.map((name) => ids.get(name)!));
  return new Map(
    rows.filter((row) => wanted.has(row.shoeId)).map((row) => [`${row.shoeId}|${row.size}`, row.quantity]),
  );
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('100 simultaneous checkouts by 20 shoppers against 10 units over 3 shoes x 2 sizes', () => {
  it('sell exactly 10 units: stock never negative, order lines = stock sold, orders = 200s = captured payments', async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    const next = random(7);
    const carts = Array.from({ length: 100 }, (_, i) => {
      const first = CONTESTED[Math.floor(next() * CONTESTED.length)]!;
      const lines = [first];
      // Every other cart wants a second, different shoe or size.
      if (i % 2 === 1) {
        const others = CONTESTED.filter((entry) => entry !== first);
        lines.push(others[Math.floor(next() * others.length)]!);
      }
      return lines.map(([name, size]) => ({ _id: ids.get(name)!, size, quantity: 1, name }));
    });
    // A correct shop sells everything: each shoe and size is the only line of at least as many carts as it has
    // units (stock only goes down, so those carts cannot all fail while a unit is left).
    const stockBefore = await stockRows(Object.keys(PRICES));
    for (const [key, quantity] of stockBefore) {
      const singles = carts.filter((cart) => cart.length === 1 && `${cart[0]!._id}|${cart[0]!.size}` === key);
      expect(singles.length, key).toBeGreaterThanOrEqual(quantity);
    }
    const unitsBefore = [...stockBefore.values()].reduce((a, b) => a + b, 0);
    expect(unitsBefore).toBe(10);

    const methods = await Promise.all(carts.map((_, i) => paymentMethod(shoppers[i % 20]!.cookie)));
    const chargesBefore = new Set(ledger.charges.keys());
    const started = performance.now();
    const responses = await Promise.all(
      carts.map((cart, i) =>
        inject(
          'POST',
          '/api/cart/checkout',
          shoppers[i % 20]!.cookie,
          {
            id: methods[i],
            shoes: cart.map(({ _id, size, quantity }) => ({ _id, size, quantity })),
            amount: cart.reduce((sum, line) => sum + PRICES[line.name]!, 0),
          },
          { 'idempotency-key': `storm-${i}-${methods[i]!.slice(-12)}` },
        ),
      ),
    );
    const elapsed = performance.now() - started;

    const codes = responses.map((response) => response.statusCode);
    const byCode = Object.fromEntries(
      [...new Set(codes)].sort().map((code) => [code, codes.filter((c) => c === code).length]),
    );
    expect(
      codes.filter((code) => code !== 200 && code !== 409),
      JSON.stringify(byCode),
    ).toEqual([]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toMatch(/^Sorry, .+ in size .+ is out of stock\.$/);
    }

    const stockAfter = await stockRows(Object.keys(PRICES));
    expect([...stockAfter.values()].every((quantity) => quantity >= 0)).toBe(true);
    expect([...stockAfter.values()].reduce((a, b) => a + b, 0)).toBe(0);

    const storeOrders = await t.database.db
      .select({
        id: orders.id,
        idPayment: orders.idPayment,
        amount: orders.amountCents,
        pm: orders.paymentMethodId,
      })
      .from(orders)
      .where(sql`${orders.paymentMethodId} in ${methods}`);
    const lines = await t.database.db
      .select({
        orderId: orderLines.orderId,
        shoeId: orderLines.shoeId,
        size: orderLines.size,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(
        sql`${orderLines.orderId} in ${storeOrders.length ? storeOrders.map((o) => o.id) : ['00000000-0000-0000-0000-000000000000']}`,
      );
    const soldPerEntry = new Map<string, number>();
    for (const line of lines) {
      const key = `${line.shoeId}|${line.size}`;
      soldPerEntry.set(key, (soldPerEntry.get(key) ?? 0) + line.quantity);
    }
    // Per shoe and size: what the order lines say was sold is exactly what left the stock.
    for (const [key, before] of stockBefore) {
      expect(soldPerEntry.get(key) ?? 0, key).toBe(before - stockAfter.get(key)!);
    }
    const unitsSold = lines.reduce((sum, line) => sum + line.quantity, 0);
    expect(unitsSold).toBe(10);

    const succeeded = responses.filter((response) => response.statusCode === 200);
    const newCharges = capturedCharges().filter((id) => !chargesBefore.has(id));
    expect(storeOrders).toHaveLength(succeeded.length);
    expect(new Set(storeOrders.map((order) => order.idPayment)).size).toBe(storeOrders.length);
    expect(newCharges.sort()).toEqual(storeOrders.map((order) => order.idPayment).sort());
    // Each paid order's charge is its amount; a refused checkout left no order and no captured charge.
    for (const order of storeOrders)
      expect(ledger.charges.get(order.idPayment)!.amountCents).toBe(order.amount);
    const refusedMethods = new Set(methods.filter((_, i) => codes[i] !== 200));
    expect(storeOrders.filter((order) => refusedMethods.has(order.pm!))).toEqual([]);
    expect(newCharges.filter((id) => refusedMethods.has(ledger.charges.get(id)!.paymentMethodId))).toEqual(
      [],
    );

    console.log(
      `[concurrency] ${responses.length} simultaneous checkouts by ${shoppers.length} shoppers for ${unitsBefore} units ` +
        `on ${t.database.kind} in ${Math.round(elapsed)} ms: answers ${JSON.stringify(byCode)}, orders ${storeOrders.length}, ` +
        `units sold ${unitsSold}, stock left ${[...stockAfter.values()].reduce((a, b) => a + b, 0)}, ` +
        `captured payments ${newCharges.length}, refunded ${[...ledger.refunds].filter((id) => !chargesBefore.has(id)).length}`,
    );
  }, 180_000);
});

describe('carts holding the same two shoes in opposite orders, checked out at once', () => {
  it('all succeed: no deadlock between their stock updates, no 5xx', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    const left = { _id: ids.get('Pair Left')!, size: '9', quantity: 1 };
    const right = { _id: ids.get('Pair Right')!, size: '9', quantity: 1 };
    const count = 40;
    const methods = await Promise.all(
      Array.from({ length: count }, (_, i) => paymentMethod(shoppers[i % 10]!.cookie)),
    );
    const responses = await Promise.all(
      methods.map((id, i) =>
        inject('POST', '/api/cart/checkout', shoppers[i % 10]!.cookie, {
          id,
          shoes: i % 2 === 0 ? [left, right] : [right, left],
          amount: 10500,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(
      codes.filter((code) => code !== 200),
      responses.map((response) => response.body).find((body) => !body.includes('"order"')),
    ).toEqual([]);
    const stock = await stockRows(['Pair Left', 'Pair Right']);
    expect([...stock.values()]).toEqual([100 - count, 100 - count]);
    console.log(
      `[concurrency] ${count} two-line carts in opposite orders at once: ${codes.filter((c) => c === 200).length} paid`,
    );
  }, 120_000);
});

describe('the same cart checked out from two sessions of one user at once', () => {
  const cart = () => ({ shoes: [{ _id: ids.get('Same Cart')!, size: '10', quantity: 1 }], amount: 7000 });
  const ordersOf = (pm: string) => t.database.db.select().from(orders).where(eq(orders.paymentMethodId, pm));

  async function twoSessions() {
    const shopper = await signUp(t.app);
    const second = cookieFrom(await signIn(t.app, shopper.email, shopper.password));
    expect(second).not.toBe(shopper.cookie);
    return [shopper.cookie, second] as const;
  }

  it('with different Idempotency-Keys and one payment method: one order, one captured charge', async () => {
    const [laptop, phone] = await twoSessions();
    const pm = await paymentMethod(laptop);
    const stock = (await stockRows(['Same Cart'])).get(`${ids.get('Same Cart')}|10`)!;
    const before = new Set(ledger.charges.keys());
    const answers = await Promise.all([
      inject(
        'POST',
        '/api/cart/checkout',
        laptop,
        { id: pm, ...cart() },
        { 'idempotency-key': 'laptop-key-0001' },
      ),
      inject(
        'POST',
        '/api/cart/checkout',
        phone,
        { id: pm, ...cart() },
        { 'idempotency-key': 'phone-key-00001' },
      ),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().error.message).toBe(MESSAGES.checkout.paymentMethodUsed);
    expect(await ordersOf(pm)).toHaveLength(1);
    const charged = capturedCharges().filter((id) => !before.has(id));
    expect(charged).toEqual([(await ordersOf(pm))[0]!.idPayment]);
    expect((await stockRows(['Same Cart'])).get(`${ids.get('Same Cart')}|10`)).toBe(stock - 1);
    console.log(
      `[concurrency] one cart, two sessions, two keys: answers ${codes.join(', ')}, orders 1, ` +
        `charges made ${ledger.charges.size - before.size}, captured ${charged.length}`,
    );
  });

  it('with the same Idempotency-Key: one order, one charge, and the retry gets the first answer', async () => {
    const [laptop, phone] = await twoSessions();
    const pm = await paymentMethod(laptop);
    const before = new Set(ledger.charges.keys());
    const key = { 'idempotency-key': `same-key-${pm.slice(-16)}` };
    const answers = await Promise.all([
      inject('POST', '/api/cart/checkout', laptop, { id: pm, ...cart() }, key),
      inject('POST', '/api/cart/checkout', phone, { id: pm, ...cart() }, key),
    ]);
    const first = answers.find((answer) => answer.statusCode === 200)!;
    expect(first, answers.map((answer) => answer.body).join('\n')).toBeDefined();
    // The other one either came after the first finished (the same answer) or while it ran: then it is told
    // to wait (409 in progress, as Stripe answers a key in use) and never charges a second time.
    const other = answers.find((answer) => answer !== first)!;
    if (other.statusCode === 200) expect(other.json()).toEqual(first.json());
    else {
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(MESSAGES.checkout.inProgress);
    }
    // Retried once the first is done, from either session, it gets the first answer.
    const retries = await Promise.all([
      inject('POST', '/api/cart/checkout', phone, { id: pm, ...cart() }, key),
      inject('POST', '/api/cart/checkout', laptop, { id: pm, ...cart() }, key),
    ]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await ordersOf(pm)).toHaveLength(1);
    const charged = capturedCharges().filter((id) => !before.has(id));
    expect(charged).toEqual([first.json().order.idPayment]);
    console.log(
      `[concurrency] one cart, two sessions, one key: answers ${answers.map((a) => a.statusCode).join(', ')}, ` +
        `retries ${retries.map((r) => r.statusCode).join(', ')}, orders 1, captured ${charged.length}`,
    );
  });
});

describe('two admins at once', () => {
  let image: Buffer;
  beforeAll(async () => {
    image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
  });

  const shoeOf = async (name: string) => {
    const id = ids.get(name)!;
    const response = await t.app.inject({ method: 'GET', url: `/api/shoes/${id}` });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      _id: string;
      name: string;
      color: string;
      price: number;
      description: string;
      version: number;
      image: string;
      stock: { size: string; quantity: number }[];
    };
  };

  async function modify(fields: Record<string, string>, withImage = false): Promise<LightMyRequestResponse> {
    const form = await multipart(
      fields,
      withImage ? { name: 'new.png', type: 'image/png', bytes: image } : undefined,
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/shoes/${ids.get('Contested')}`,
      payload: form.payload,
      headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
    });
  }

  const edit = (version: number, name: string, color: string, price: string, q: string) => ({
    brand: 'Stride',
    name,
    color,
    price,
    size: '9',
    q,
    description: `Edited by ${name}.`,
    version: String(version),
  });

  it('modifying the same shoe from the same version: one 200, one 409, and the winner’s edit is stored', async () => {
    const rounds = 10;
    const tally = { 200: 0, 409: 0 };
    for (let round = 0; round < rounds; round++) {
      const { version } = await shoeOf('Contested');
      const a = edit(version, `Alpha Edit ${round}`, 'Red', String(100 + round), String(3 + (round % 4)));
      const b = edit(version, `Beta Edit ${round}`, 'Blue', String(200 + round), String(20 + (round % 4)));
      const answers = await Promise.all([modify(a, round % 2 === 0), modify(b, round % 3 === 0)]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.slice().sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      expect(loser.json().error.message).toBe(MESSAGES.admin.staleShoe);
      const winner = codes[0] === 200 ? a : b;
      const stored = await shoeOf('Contested');
      expect(stored).toMatchObject({
        name: winner.name,
        color: winner.color,
        price: Number(winner.price),
        description: winner.description,
        version: version + 1,
      });
      expect(stored.stock.find((entry) => entry.size === '9')!.quantity).toBe(Number(winner.q));
      expect(answers.find((answer) => answer.statusCode === 200)!.json().shoe).toEqual(stored);
      tally[200] += 1;
      tally[409] += 1;
    }
    console.log(
      `[concurrency] two admins, same shoe, same version, ${rounds} rounds: ${JSON.stringify(tally)}`,
    );
  });

  it('adding a size while another admin modifies the shoe: both kept, or the modify refused; never an error', async () => {
    const rounds = 12;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = await shoeOf('Contested');
      const quantityBefore = before.stock.find((entry) => entry.size === '9')!.quantity;
      const fields = edit(before.version, `Racing Edit ${round}`, 'Grey', '95', '4');
      // The same size as the modify's, so both writes meet on the same stock row.
      const [modified, added] = await Promise.all([
        modify(fields),
        inject('PUT', `/api/shoes/addSize/${before._id}`, admin, { size: '9', q: '2' }),
      ]);
      expect(added.statusCode, added.body).toBe(200);
      expect([200, 409], modified.body).toContain(modified.statusCode);
      const after = await shoeOf('Contested');
      const quantity = after.stock.find((entry) => entry.size === '9')!.quantity;
      expect(after.version).toBe(before.version + (modified.statusCode === 200 ? 2 : 1));
      if (modified.statusCode === 200) {
        // The modify committed first (else its compare-and-set fails): it set 4, then the restock added 2.
        expect(after.name).toBe(fields.name);
        expect(quantity).toBe(4 + 2);
        outcomes.push('both');
      } else {
        expect(modified.json().error.message).toBe(MESSAGES.admin.staleShoe);
        expect(after.name).toBe(before.name);
        expect(quantity).toBe(quantityBefore + 2);
        outcomes.push('modify-409');
      }
    }
    const counts = Object.fromEntries(
      [...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length]),
    );
    console.log(`[concurrency] addSize racing a modify, ${rounds} rounds: ${JSON.stringify(counts)}`);
  });

  it('two restocks of one size at once cannot pass the quantity limit together', async () => {
    const id = ids.get('Contested')!;
    const [modified, added] = await Promise.all([
      inject('PUT', `/api/shoes/addSize/${id}`, admin, {
        size: '13',
        q: String(SHOE_LIMITS.maxQuantity - 10),
      }),
      inject('PUT', `/api/shoes/addSize/${id}`, admin, {
        size: '13',
        q: String(SHOE_LIMITS.maxQuantity - 10),
      }),
    ]);
    const codes = [modified.statusCode, added.statusCode].sort();
    expect(codes, `${modified.body}\n${added.body}`).toEqual([200, 400]);
    const stock = await shoeOf('Contested');
    expect(stock.stock.find((entry) => entry.size === '13')!.quantity).toBe(SHOE_LIMITS.maxQuantity - 10);
  });

  it('keeps the stored shoe row in step with its answers (version counts every write)', async () => {
    const [row] = await t.database.db
      .select({ version: shoes.version })
      .from(shoes)
      .where(eq(shoes.id, ids.get('Contested')!));
    expect(row!.version).toBe((await shoeOf('Contested')).version);
  });
});

describe('checkouts emptying the sizes of one shoe while the admin restocks and edits it', () => {
  it('answers no 5xx, and its sizes in stock and pairs sold stay in step with its stock and orders', async () => {
    const id = ids.get('Flip')!;
    const sizes = ['9', '9.5', '10'];
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    const rounds = 10;
    let paid = 0;
    for (let round = 0; round < rounds; round++) {
      // One pair of each size: every sale empties its size (a change of the shoe's sizes in stock).
      await t.database.db
        .update(stockEntries)
        .set({ quantity: sql`CASE WHEN ${stockEntries.size} = '11' THEN 0 ELSE 1 END` })
        .where(eq(stockEntries.shoeId, id));
      const { version } = (await t.app.inject({ method: 'GET', url: `/api/shoes/${id}` })).json() as {
        version: number;
      };
      const methods = await Promise.all(shoppers.map((shopper) => paymentMethod(shopper.cookie)));
      const form = await multipart({
        brand: 'Stride',
        name: 'Flip',
        color: 'Teal',
        price: '40',
        // The edit sets a size the checkouts are buying: the two meet on its stock row and the shoe's row.
        size: '9',
        q: '1',
        description: 'Edited while it sells.',
        version: String(version),
      });
      const [modified, added, ...checkouts] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/shoes/${id}`,
          payload: form.payload,
          headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
        }),
        inject('PUT', `/api/shoes/addSize/${id}`, admin, { size: '11', q: '1' }),
        ...methods.map((method, i) =>
          inject('POST', '/api/cart/checkout', shoppers[i]!.cookie, {
            id: method,
            shoes: [{ _id: id, size: sizes[i % sizes.length], quantity: 1 }],
            amount: 4000,
          }),
        ),
      ]);
      expect([200, 409], modified!.body).toContain(modified!.statusCode);
      expect(added!.statusCode, added!.body).toBe(200);
      const answers = checkouts.map((response) => response.body).join('\n');
      expect(
        checkouts.every((response) => response.statusCode === 200 || response.statusCode === 409),
        answers,
      ).toBe(true);
      const salesOf = (size: string) =>
        checkouts.filter((response, i) => sizes[i % sizes.length] === size && response.statusCode === 200)
          .length;
      // Two shoppers per size, one pair each: one sale and one 'out of stock' per size. The edit sets
      // size 9 to one pair as typed: landing between its two sales, it lets the second one sell too.
      expect(salesOf('9.5'), answers).toBe(1);
      expect(salesOf('10'), answers).toBe(1);
      expect(salesOf('9'), answers).toBeGreaterThanOrEqual(1);
      expect(salesOf('9'), answers).toBeLessThanOrEqual(modified!.statusCode === 200 ? 2 : 1);
      paid += salesOf('9') + 2;
    }
    const { rows } = await t.database.db.execute<{
      mask: number;
      expected: number;
      sold: number;
      lines: number;
    }>(sql`
      SELECT s.sizes_in_stock AS mask, s.units_sold AS sold,
             (SELECT coalesce(bit_or(chart_size_bit(e.size)), 0) FROM stock_entries e
               WHERE e.shoe_id = s.id AND e.quantity > 0) AS expected,
             (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l WHERE l.shoe_id = s.id) AS lines
        FROM shoes s WHERE s.id = ${id}`);
    const [row] = rows;
    expect(Number(row!.mask)).toBe(Number(row!.expected));
    // Size 11 was restocked in every round; 9.5 and 10 sold out.
    expect(Number(row!.mask) & ((1 << 7) | (1 << 8) | (1 << 10))).toBe(1 << 10);
    expect(Number(row!.sold)).toBe(paid);
    expect(Number(row!.lines)).toBe(paid);
    const inSize = await t.app.inject({ method: 'GET', url: `/api/shoes?size=10&color=Teal` });
    expect(inSize.headers['x-total-count']).toBe('0');
    const restocked = await t.app.inject({ method: 'GET', url: `/api/shoes?size=11&color=Teal` });
    expect(restocked.headers['x-total-count']).toBe('1');
  }, 120_000);
});
