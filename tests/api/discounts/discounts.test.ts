import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { discountCodes, orders } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Discount codes (issue 18): the admin's rules, the cart's quote, the checkout's price and the
 * counted uses. Runs on PGlite in `npm test` and on PostgreSQL when DATABASE_URL is set; the uses
 * counted under simultaneous checkouts are in money-concurrency.test.ts, always on PostgreSQL.
 */
const ADMIN = { email: 'owner@discounts.test', password: 'owner-password' };
const M = MESSAGES.discounts;

let t: TestApp;
let admin: string;
let ids: Map<string, string>;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.50.0.1' }));
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride', 'Velo'],
    [
      { name: 'Runner', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', 500]] },
      { name: 'Court', brand: 'Velo', color: 'Blue', price: 50, onSale: true, sizes: [['9', 500]] },
      { name: 'Cheap', brand: 'Stride', color: 'Grey', price: 3, sizes: [['9', 50]] },
    ],
  ));
});
afterAll(() => t.close());

let requests = 0;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie },
    remoteAddress: `10.51.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

const form = (fields: Record<string, unknown>) => ({
  kind: 'percent',
  value: '10',
  target: 'cart',
  ...fields,
});

/** The same fields with their numbers as the form would type them. */
const textOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
  );

async function createCode(fields: Record<string, unknown>) {
  const response = await send('POST', '/api/admin/discounts', admin, form(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; code: string; uses: number };
}

const line = (name: string, quantity = 1) => ({ _id: ids.get(name)!, size: '9', quantity });

async function quote(shoes: ReturnType<typeof line>[], code?: string, cookie = '') {
  const response = await send('POST', '/api/cart/quote', cookie, { shoes, code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    subtotal: number;
    discount: number;
    total: number;
    code: string | null;
    message: string | null;
  };
}

async function checkout(cookie: string, shoes: ReturnType<typeof line>[], amount: number, code?: string) {
  const method = await send('POST', '/api/payments/methods', cookie, paymentMethodBody());
  expect(method.statusCode, method.body).toBe(200);
  return send('POST', '/api/cart/checkout', cookie, { id: method.json().id, shoes, amount, code });
}

describe('the admin’s codes', () => {
  it('creates a code in capitals, lists it (4 a page, searched) and refuses a second of the same name', async () => {
    const created = await createCode({ code: 'listme1' });
    expect(created).toMatchObject({ code: 'LISTME1', uses: 0 });
    await Promise.all(['LISTME2', 'LISTME3', 'LISTME4', 'LISTME5'].map((code) => createCode({ code })));
    const page = await send('GET', '/api/admin/discounts?q=listme&limit=4', admin);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((code: { code: string }) => code.code)).toEqual([
      'LISTME1',
      'LISTME2',
      'LISTME3',
      'LISTME4',
    ]);
    const again = await send('POST', '/api/admin/discounts', admin, form({ code: 'ListMe1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.codeExists);
  });

  it('refuses bad terms with the form’s messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'ab' }, M.codeFormat],
      [{ code: "X' OR '1'='1" }, M.codeFormat],
      [{ code: 'A'.repeat(33) }, M.codeFormat],
      [{ code: 'OK100', value: '100' }, M.percent],
      [{ code: 'OKNEG', value: '-5' }, M.percent],
      [{ code: 'OKFIX', kind: 'fixed', value: '99999999' }, M.amount],
      [{ code: 'OKDATE', startsOn: '2026-12-31', endsOn: '2026-01-01' }, M.dates],
      [{ code: 'OKBRAND', target: 'brands', brands: [] }, M.brands],
    ];
    for (const [fields, message] of cases) {
      const response = await send('POST', '/api/admin/discounts', admin, form(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const huge = await send(
      'POST',
      '/api/admin/discounts',
      admin,
      form({ code: 'HUGE', maxUses: '9'.repeat(400) }),
    );
    expect(huge.statusCode).toBe(400);
  });

  it('is staff-only', async () => {
    const shopper = await signUp(t.app);
    expect((await send('GET', '/api/admin/discounts', shopper.cookie)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/admin/discounts', shopper.cookie, form({ code: 'MINE' }))).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/admin/discounts', '')).statusCode).toBe(401);
  });

  it('edits a code, but not its limit below the uses already counted', async () => {
    const code = await createCode({ code: 'EDITME', maxUses: '5' });
    await t.database.db.update(discountCodes).set({ uses: 3 }).where(eq(discountCodes.id, code._id));
    const lower = await send(
      'PUT',
      `/api/admin/discounts/${code._id}`,
      admin,
      form({ code: 'EDITME', maxUses: '2' }),
    );
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.message).toBe(M.belowUses(3));
    const edited = await send(
      'PUT',
      `/api/admin/discounts/${code._id}`,
      admin,
      form({ code: 'EDITME', value: '15', maxUses: '4' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ percent: 15, maxUses: 4, uses: 3 });
    const missing = await send(
      'PUT',
      '/api/admin/discounts/00000000-0000-4000-8000-000000000000/active',
      admin,
      { active: false },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('takes value, minSubtotal and maxUses as JSON numbers or as numeric text, stored the same', async () => {
    // The stored terms, without what names the row.
    const stored = async (id: string) => {
      const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, id));
      const { id: _id, code: _code, createdAt: _created, updatedAt: _updated, ...terms } = row!;
      return terms;
    };
    const numbers = await createCode({
      code: 'NUMBERS1',
      kind: 'fixed',
      value: 15,
      minSubtotal: 50,
      maxUses: 10,
    });
    const text = await createCode({
      code: 'TEXT1',
      kind: 'fixed',
      value: '15',
      minSubtotal: '50',
      maxUses: '10',
    });
    expect(numbers).toMatchObject({ kind: 'fixed', amount: 15, minSubtotal: 50, maxUses: 10 });
    expect(await stored(numbers._id)).toMatchObject({
      amountCents: 1500,
      minSubtotalCents: 5000,
      maxUses: 10,
    });
    expect(await stored(numbers._id)).toEqual(await stored(text._id));

    const edit = (id: string, fields: Record<string, unknown>) =>
      send('PUT', `/api/admin/discounts/${id}`, admin, form(fields));
    const editedNumbers = await edit(numbers._id, {
      code: 'NUMBERS1',
      value: 20,
      minSubtotal: 75.5,
      maxUses: 3,
    });
    const editedText = await edit(text._id, {
      code: 'TEXT1',
      value: '20',
      minSubtotal: '75.50',
      maxUses: '3',
    });
    expect(editedNumbers.statusCode, editedNumbers.body).toBe(200);
    expect(editedText.statusCode, editedText.body).toBe(200);
    expect(editedNumbers.json()).toMatchObject({
      kind: 'percent',
      percent: 20,
      minSubtotal: 75.5,
      maxUses: 3,
    });
    expect(await stored(numbers._id)).toEqual(await stored(text._id));
  });

  it('refuses out-of-range JSON numbers with the form’s messages (400), as it does their text', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ value: 0 }, 'value', M.percent],
      [{ value: 91 }, 'value', M.percent],
      [{ value: -5 }, 'value', M.percent],
      [{ value: 12.5 }, 'value', M.percent],
      [{ value: 1e21 }, 'value', M.percent],
      [{ kind: 'fixed', value: -1 }, 'value', M.amount],
      [{ kind: 'fixed', value: 0.001 }, 'value', M.amount],
      [{ kind: 'fixed', value: 10000.01 }, 'value', M.amount],
      [{ minSubtotal: -50 }, 'minSubtotal', M.minSubtotal],
      [{ minSubtotal: 10000.01 }, 'minSubtotal', M.minSubtotal],
      [{ maxUses: 0 }, 'maxUses', M.uses],
      [{ maxUses: -10 }, 'maxUses', M.uses],
      [{ maxUses: 2.5 }, 'maxUses', M.uses],
      [{ maxUses: 1_000_001 }, 'maxUses', M.uses],
      [{ maxUses: 1e300 }, 'maxUses', M.uses],
    ];
    for (const [fields, field, message] of cases) {
      for (const sent of [fields, textOf(fields)]) {
        const response = await send(
          'POST',
          '/api/admin/discounts',
          admin,
          form({ code: 'BADNUMBER', ...sent }),
        );
        expect(response.statusCode, JSON.stringify(sent)).toBe(400);
        expect(response.json().error, JSON.stringify(sent)).toMatchObject({
          message,
          fields: { [field]: message },
        });
      }
    }
    const [stored] = await t.database.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(discountCodes)
      .where(eq(discountCodes.code, 'BADNUMBER'));
    expect(stored?.count).toBe(0);
  });
});

describe('the cart’s quote', () => {
  it('prices the cart with the code, each refusal with its message', async () => {
    await createCode({ code: 'TENOFF', value: '10' });
    expect(await quote([line('Runner', 2)], 'tenoff')).toMatchObject({
      subtotal: 20_000,
      discount: 2_000,
      total: 18_000,
      code: 'TENOFF',
      message: null,
    });
    expect(await quote([line('Runner')], 'NOSUCHCODE')).toMatchObject({
      discount: 0,
      total: 10_000,
      code: null,
      message: M.unknown,
    });

    await createCode({ code: 'LATER', startsOn: '2999-01-01' });
    expect((await quote([line('Runner')], 'LATER')).message).toBe(M.notStarted('2999-01-01'));
    await createCode({ code: 'OVER', startsOn: '2000-01-01', endsOn: '2000-12-31' });
    expect((await quote([line('Runner')], 'OVER')).message).toBe(M.expired);
    await createCode({ code: 'BIGCART', minSubtotal: '150' });
    expect((await quote([line('Runner')], 'BIGCART')).message).toBe(M.minimum('$50'));
    await createCode({ code: 'FULLPRICE', target: 'not_on_sale' });
    expect((await quote([line('Court')], 'FULLPRICE')).message).toBe(M.nothingApplies);
    const velo = await createCode({
      code: 'VELOONLY',
      kind: 'fixed',
      value: '20',
      target: 'brands',
      brands: ['velo'],
    });
    expect(await quote([line('Runner'), line('Court')], 'VELOONLY')).toMatchObject({
      discount: 2_000,
      total: 13_000,
    });
    await send('PUT', `/api/admin/discounts/${velo._id}/active`, admin, { active: false });
    expect((await quote([line('Court')], 'VELOONLY')).message).toBe(M.inactive);
  });

  it('never takes a cart below one dollar', async () => {
    await createCode({ code: 'NINETY', value: '90' });
    expect(await quote([line('Cheap')], 'NINETY')).toMatchObject({
      subtotal: 300,
      discount: 200,
      total: 100,
    });
  });
});

describe('the checkout with a code', () => {
  it('charges the discounted total and the order remembers the code and each line’s share', async () => {
    await createCode({ code: 'PAYLESS', value: '25', target: 'not_on_sale' });
    const shopper = await signUp(t.app);
    const paid = await checkout(
      shopper.cookie,
      [line('Runner', 2), line('Court')],
      20_000 + 5_000 - 5_000,
      'payless',
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order;
    expect(order).toMatchObject({ amount: 20_000, discountCode: 'PAYLESS', discount: 5_000 });
    expect(order.shoe.map((l: { name: string; discount: number }) => [l.name, l.discount])).toEqual([
      ['Court', 0],
      ['Runner', 50],
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.idPayment, order.idPayment));
    expect(row!.amountCents).toBe(20_000);
  });

  it('refuses an amount that forgot the discount (409), and a refused code charges nothing', async () => {
    await createCode({ code: 'FORGOT', value: '10' });
    const shopper = await signUp(t.app);
    const forgot = await checkout(shopper.cookie, [line('Runner')], 10_000, 'FORGOT');
    expect(forgot.statusCode).toBe(409);
    expect(forgot.json().error.message).toBe(MESSAGES.checkout.pricesChanged);
    const unknown = await checkout(shopper.cookie, [line('Runner')], 9_000, 'NOTACODE');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.message).toBe(M.unknown);
    expect(await t.database.db.select().from(orders).where(eq(orders.email, shopper.email))).toEqual([]);
  });
});
