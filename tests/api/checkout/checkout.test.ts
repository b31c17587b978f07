import { MESSAGES } from '../../../src/domain/messages.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, stockEntries } from '../../../src/server/db/schema.js';
import { EMAIL_CONFIRMATION_SUBJECT } from '../../../src/server/mail/templates/account-mails.js';
import { paymentMethodBody, TEST_CARD_NUMBER_TYPED } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ids: Map<string, string>;
let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride', 'Velo'],
    [
      {
        name: 'Cloud Runner',
        brand: 'Stride',
        color: 'Red',
        price: 120,
        sizes: [
          ['9', 5],
          ['10', 1],
          ['11', 0],
        ],
      },
      { name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 89.5, sizes: [['8', 3]] },
      { name: 'Last Pair', brand: 'Velo', color: 'Black', price: 60, sizes: [['9.5', 1]] },
    ],
  ));
  shopper = await signUp(t.app);
});
afterAll(() => t.close());

let requests = 0;
/** Each request from its own address: per-address limits are not what these tests are about. */
const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    remoteAddress: `10.20.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

async function paymentMethod(cookie: string, number = TEST_CARD_NUMBER_TYPED) {
  const response = await post('/api/payments/methods', paymentMethodBody({ number }), cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const stockOf = async (shoe: string, size: string) => {
  const [row] = await t.database.db
    .select({ quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(sql`${stockEntries.shoeId} = ${ids.get(shoe)!} and ${stockEntries.size} = ${size}`);
  return row?.quantity;
};
const orderCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;

const line = (shoe: string, size: string, quantity = 1) => ({ _id: ids.get(shoe)!, size, quantity });

describe('POST /api/payments/methods (test mode)', () => {
  it('turns a Stripe test card into a pm_ id', async () => {
    expect(await paymentMethod(shopper.cookie)).toMatch(/^pm_/);
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 400, MESSAGES.payment.cardNumber],
    ['a card that is not a test card', { number: '4111 1111 1111 1111' }, 402, MESSAGES.payment.notTestCard],
    ['an expired card', { exp_year: 2020 }, 400, MESSAGES.payment.expiry],
    ['a month 13', { exp_month: 13 }, 400, MESSAGES.payment.expiry],
    ['a 2-digit CVC', { cvc: '12' }, 400, MESSAGES.payment.cvc],
  ])('refuses %s', async (_label, change, status, message) => {
    const response = await post('/api/payments/methods', paymentMethodBody(change), shopper.cookie);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses a billing address that breaks the spec rules', async () => {
    const response = await post(
      '/api/payments/methods',
      paymentMethodBody({}, { city: 'X1' }),
      shopper.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['billing_details.city']).toBe(
      'The city can only contain letters and spaces',
    );
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/payments/methods', {})).statusCode).toBe(401);
  });
});

describe('POST /api/cart/checkout', () => {
  it('prices the cart, takes the stock, captures and saves a Pending order with its lines', async () => {
    const before = await orderCount();
    const pm = await paymentMethod(shopper.cookie);
    const response = await post(
      '/api/cart/checkout',
      {
        id: pm,
        email: 'someone@else.com',
        uid: 'someone-else',
        shoes: [line('Cloud Runner', '9', 2), { ...line('Storm Court', '8'), price: 0.01, name: 'Tampered' }],
        amount: 2 * 12000 + 8950,
      },
      shopper.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { message, order } = response.json();
    expect(message).toBe(MESSAGES.checkout.paid);
    expect(order).toMatchObject({ email: shopper.email, amount: 32950, status: 'Pending' });
    expect(order.idPayment).toMatch(/^pi_/);
    expect(order.shoe).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Cloud Runner', size: '9', quantity: 2, price: 120 }),
        expect.objectContaining({ name: 'Storm Court', size: '8', quantity: 1, price: 89.5 }),
      ]),
    );
    expect(await stockOf('Cloud Runner', '9')).toBe(3);
    expect(await stockOf('Storm Court', '8')).toBe(2);
    expect(await orderCount()).toBe(before + 1);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/cart/${shopper.user._id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(mine.json().map((o: { idPayment: string }) => o.idPayment)).toContain(order.idPayment);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/cart/order/${order.idPayment}`,
      headers: { cookie: shopper.cookie },
    });
    expect(detail.json()).toEqual(order);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.email), ne(mailOutbox.subject, EMAIL_CONFIRMATION_SUBJECT)));
    expect(mail!.subject).toContain(order.idPayment);

    const stranger = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/cart/${shopper.user._id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(403);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/cart/order/${order.idPayment}`,
      headers: { cookie: stranger.cookie },
    });
    expect(peek.statusCode).toBe(404);
  });

  it.each([
    ['a declined card', '4000 0000 0000 0002', 402, MESSAGES.payment.card_declined],
    ['insufficient funds', '4000 0000 0000 9995', 402, MESSAGES.payment.insufficient_funds],
    ['a processing error', '4000 0000 0000 0119', 402, MESSAGES.payment.processing_error],
  ])('keeps nothing when the payment fails: %s', async (_label, card, status, message) => {
    const before = [await stockOf('Cloud Runner', '9'), await orderCount()];
    const pm = await paymentMethod(shopper.cookie, card);
    const response = await post(
      '/api/cart/checkout',
      { id: pm, shoes: [line('Cloud Runner', '9')], amount: 12000 },
      shopper.cookie,
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect([await stockOf('Cloud Runner', '9'), await orderCount()]).toEqual(before);
  });

  it('refuses an amount that differs from the server total with 409', async () => {
    const pm = await paymentMethod(shopper.cookie);
    const response = await post(
      '/api/cart/checkout',
      { id: pm, shoes: [line('Cloud Runner', '9')], amount: 100 },
      shopper.cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.checkout.pricesChanged);
  });

  it('refuses more than the stock, a sold-out size and an unknown size, keeping stock and orders', async () => {
    const before = [await stockOf('Cloud Runner', '10'), await orderCount()];
    for (const [shoes, amount] of [
      [[line('Cloud Runner', '10', 2)], 24000],
      [[line('Cloud Runner', '11')], 12000],
      [[line('Cloud Runner', '4')], 12000],
      [[line('Cloud Runner', '10'), line('Cloud Runner', '11')], 24000],
    ] as const) {
      const pm = await paymentMethod(shopper.cookie);
      const response = await post('/api/cart/checkout', { id: pm, shoes, amount }, shopper.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(/out of stock/);
    }
    expect([await stockOf('Cloud Runner', '10'), await orderCount()]).toEqual(before);
  });

  it.each([
    ['a zero quantity', { quantity: 0 }],
    ['a negative quantity', { quantity: -1 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a huge quantity', { quantity: 1_000_000 }],
  ])('refuses %s with 400', async (_label, change) => {
    const pm = await paymentMethod(shopper.cookie);
    const response = await post(
      '/api/cart/checkout',
      { id: pm, shoes: [{ ...line('Cloud Runner', '9'), ...change }], amount: 12000 },
      shopper.cookie,
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses an empty cart and an unknown or malformed shoe', async () => {
    const pm = await paymentMethod(shopper.cookie);
    const empty = await post('/api/cart/checkout', { id: pm, shoes: [], amount: 100 }, shopper.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Your cart is empty');
    for (const _id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await post(
        '/api/cart/checkout',
        { id: pm, shoes: [{ _id, size: '9', quantity: 1 }], amount: 100 },
        shopper.cookie,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(MESSAGES.checkout.unknownShoe);
    }
  });

  it("refuses another user's payment method, a forged one, and one already used", async () => {
    const other = await signUp(t.app);
    const theirs = await paymentMethod(other.cookie);
    const body = (id: string) => ({ id, shoes: [line('Cloud Runner', '9')], amount: 12000 });
    expect((await post('/api/cart/checkout', body(theirs), shopper.cookie)).statusCode).toBe(400);
    expect((await post('/api/cart/checkout', body(`${theirs}x`), other.cookie)).statusCode).toBe(400);
    expect((await post('/api/cart/checkout', body(theirs), other.cookie)).statusCode).toBe(200);
    const again = await post('/api/cart/checkout', body(theirs), other.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.checkout.paymentMethodUsed);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, charging once', async () => {
    const pm = await paymentMethod(shopper.cookie);
    const body = { id: pm, shoes: [line('Storm Court', '8')], amount: 8950 };
    const headers = { 'idempotency-key': 'checkout-attempt-0001' };
    const before = await orderCount();
    const first = await post('/api/cart/checkout', body, shopper.cookie, headers);
    const second = await post('/api/cart/checkout', body, shopper.cookie, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before + 1);
    const different = await post(
      '/api/cart/checkout',
      { ...body, amount: 17900, shoes: [line('Storm Court', '8', 2)] },
      shopper.cookie,
      headers,
    );
    expect(different.statusCode).toBe(409);
    expect(different.json().error.message).toBe(MESSAGES.checkout.idempotencyMismatch);
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/cart/checkout', { id: 'pm_x', shoes: [], amount: 1 })).statusCode).toBe(401);
  });
});

describe('the last pair, wanted by many at once', () => {
  it('sells exactly one: one order, stock 0, never negative', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    const methods = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        paymentMethod(buyers[i % buyers.length]!.cookie).then((id) => ({ id, i })),
      ),
    );
    const before = await orderCount();
    const responses = await Promise.all(
      methods.map(({ id, i }) =>
        post(
          '/api/cart/checkout',
          { id, shoes: [line('Last Pair', '9.5')], amount: 6000 },
          buyers[i % buyers.length]!.cookie,
        ),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(await stockOf('Last Pair', '9.5')).toBe(0);
    expect(await orderCount()).toBe(before + 1);
  });
});
