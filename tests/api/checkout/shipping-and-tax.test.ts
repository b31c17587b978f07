import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { deliveryEstimate } from '../../../src/domain/order-totals.js';
import {
  orderLines,
  orderRefunds,
  orders,
  shippingMethods,
  stockEntries,
  taxRates,
} from '../../../src/server/db/schema.js';
import { checkoutWith } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffShop } from '../support/staff-shop.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Shipping methods and sales tax at the checkout (issue 31 items 5 and 6): the quote offers each
 * method with its price and dates and prices the tax of the delivery state; the checkout charges
 * lines + shipping + tax, the order keeps them, and refunds give the tax back to the cent. The
 * staff's pages for methods and rates are tested in tests/api/shipping-and-tax; here the rates are
 * set in the database. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const provider = await vi.hoisted(async () =>
  (await import('../support/recording-payments.js')).emptyRecord(),
);

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@shipping-tax.test', password: 'owner-password' };
const PRICE = 13_500;

let t: TestApp;
let admin: string;
let shoeId: string;
let standard: string;
let express: string;

beforeAll(async () => {
  ({ t, admin, shoeId } = await createStaffShop(ADMIN, {
    signInFrom: '10.78.250.1',
    shoe: { name: 'Taxed Runner', color: 'Blue', price: PRICE / 100, stock: 500 },
  }));
  // North Carolina: 7.25 %, shipping untaxed; California: 8.875 %, shipping taxed.
  await t.database.db.insert(taxRates).values([
    { stateCode: 'NC', rateMilliPercent: 7_250, taxShipping: false },
    { stateCode: 'CA', rateMilliPercent: 8_875, taxShipping: true },
  ]);
  const methods = await t.database.db.select().from(shippingMethods);
  standard = methods.find((method) => method.name === 'Standard')!.id;
  express = methods.find((method) => method.name === 'Express')!.id;
  const code = await send('POST', '/api/admin/discounts', admin, {
    code: 'FIX1251',
    kind: 'fixed',
    value: '12.51',
    target: 'cart',
  });
  expect(code.statusCode, code.body).toBe(201);
});
afterAll(() => t.close());

const send = createSender(() => t.app, 78);

const ADDRESS = {
  name: 'Sam Parker',
  line1: '12 Main St',
  city: 'Raleigh',
  state: 'North Carolina',
  postal_code: '27601',
};

const shoes = (quantity: number) => [{ _id: shoeId, size: '9', quantity }];
const quote = (body: Record<string, unknown>) => send('POST', '/api/cart/quote', '', body);

const checkout = (cookie: string, body: Record<string, unknown>) => checkoutWith(send, cookie, body);

const stock = async () =>
  (await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId)))[0]!.quantity;
const orderCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders))[0]!.n;

describe('POST /api/cart/quote with shipping and tax', () => {
  it('offers each method with its price for the cart and its delivery dates; Standard by default, untaxed', async () => {
    const answer = await quote({ shoes: shoes(2) });
    expect(answer.statusCode, answer.body).toBe(200);
    const now = new Date();
    expect(answer.json()).toMatchObject({
      subtotal: 27_000,
      discount: 0,
      shipping: 0,
      tax: 0,
      taxRate: null,
      total: 27_000,
      shippingMethod: standard,
      shippingMethods: [
        {
          _id: standard,
          name: 'Standard',
          price: 0,
          estimate: deliveryEstimate(now, { minDays: 3, maxDays: 5 }),
        },
        {
          _id: express,
          name: 'Express',
          price: 1_995,
          estimate: deliveryEstimate(now, { minDays: 1, maxDays: 2 }),
        },
      ],
    });
  });

  it('prices Express and the delivery state’s tax on the lines after the code, half up', async () => {
    const answer = await quote({ shoes: shoes(2), code: 'fix1251', shippingMethod: express, state: 'nc' });
    // 27,000 - 1,251 = 25,749; 7.25 % of it is 1,866.8 → 1,867; shipping untaxed in NC.
    expect(answer.json()).toMatchObject({
      subtotal: 27_000,
      discount: 1_251,
      shipping: 1_995,
      tax: 1_867,
      taxRate: 7_250,
      total: 25_749 + 1_995 + 1_867,
      shippingMethod: express,
    });
  });

  it('taxes shipping where the state does', async () => {
    const answer = await quote({ shoes: shoes(1), shippingMethod: express, state: 'California' });
    // 8.875 % of 13,500 + 1,995 = 1,375.18... → 1,375.
    expect(answer.json()).toMatchObject({ shipping: 1_995, tax: 1_375, total: 13_500 + 1_995 + 1_375 });
  });

  it('prices the default for a method it does not offer, and no tax for a state it does not know', async () => {
    const answer = await quote({ shoes: shoes(1), shippingMethod: crypto.randomUUID(), state: 'Ontario' });
    expect(answer.json()).toMatchObject({ shippingMethod: standard, shipping: 0, tax: 0, total: 13_500 });
  });
});

describe('POST /api/cart/checkout with shipping and tax', () => {
  it('charges lines + shipping + tax and the order keeps method, price, estimate, tax and each line’s share', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, {
      shoes: shoes(2),
      amount: 27_000 + 1_995 + 1_958,
      shippingMethod: express,
      deliveryAddress: ADDRESS,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = paid.json();
    expect(order).toMatchObject({
      amount: 30_953,
      shipping: {
        method: 'Express',
        amount: 1_995,
        estimate: deliveryEstimate(new Date(), { minDays: 1, maxDays: 2 }),
      },
      tax: 1_958,
      taxRate: 7_250,
    });
    expect(order.number).toMatch(/^SS-1\d{4,}$/);
    // The test card's last four digits, for the receipt.
    expect(order.cardLast4).toBe('4242');
    expect(order.shoe[0].tax).toBe(19.58);
    expect(provider.captures.at(-1)).toMatchObject({ amountCents: 30_953 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.idPayment, order.idPayment));
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(lines.reduce((sum, line) => sum + line.taxCents, 0) + row!.shippingTaxCents).toBe(row!.taxCents);
  });

  it('pays the spec’s body as before: Standard, free, untaxed', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, { shoes: shoes(1), amount: PRICE });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({
      amount: PRICE,
      shipping: { method: 'Standard', amount: 0 },
      tax: 0,
      taxRate: null,
    });
  });

  it('refuses an amount without the shipping or the tax (409), and takes nothing', async () => {
    const shopper = await signUp(t.app);
    const [before, ordersBefore] = [await stock(), await orderCount()];
    for (const amount of [PRICE, PRICE + 1_995, PRICE + 979]) {
      const refused = await checkout(shopper.cookie, {
        shoes: shoes(1),
        amount,
        shippingMethod: express,
        deliveryAddress: ADDRESS,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(MESSAGES.checkout.pricesChanged);
    }
    expect([await stock(), await orderCount()]).toEqual([before, ordersBefore]);
  });

  it('refuses a method that is not offered, or no longer (409), and takes nothing', async () => {
    const shopper = await signUp(t.app);
    const ordersBefore = await orderCount();
    const unknown = await checkout(shopper.cookie, {
      shoes: shoes(1),
      amount: PRICE,
      shippingMethod: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.message).toBe(MESSAGES.checkout.shippingMethodGone);
    const retired = await t.database.db
      .insert(shippingMethods)
      .values({ name: 'Courier', priceCents: 900, minDays: 1, maxDays: 1, active: false })
      .returning();
    const gone = await checkout(shopper.cookie, {
      shoes: shoes(1),
      amount: PRICE + 900,
      shippingMethod: retired[0]!.id,
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(MESSAGES.checkout.shippingMethodGone);
    expect(await orderCount()).toBe(ordersBefore);
  });
});

describe('refunds of a taxed order', () => {
  const refund = (idPayment: string, body: Record<string, unknown>) =>
    send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Customer asked', ...body },
      { 'idempotency-key': `refund-${crypto.randomUUID()}` },
    );

  it('give back each pair’s share with its tax, then shipping, summing exactly to what was charged and its tax', async () => {
    const shopper = await signUp(t.app);
    // 3 pairs with the code: 40,500 - 1,251 = 39,249; tax 2,845.55 → 2,846; Express 1,995.
    const paid = await checkout(shopper.cookie, {
      shoes: shoes(3),
      code: 'FIX1251',
      amount: 39_249 + 1_995 + 2_846,
      shippingMethod: express,
      deliveryAddress: ADDRESS,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { idPayment, shoe } = paid.json().order;
    const lineId = shoe[0].lineId;
    const given: number[] = [];
    for (const quantity of [1, 2]) {
      const done = await refund(idPayment, { lines: [{ lineId, quantity }] });
      expect(done.statusCode, done.body).toBe(200);
      given.push(done.json().refunds.at(-1).amount);
    }
    // The pairs gave back the lines with their tax: 39,249 + 2,846; shipping is left.
    expect(given.reduce((a, b) => a + b, 0)).toBe(39_249 + 2_846);
    const rest = await refund(idPayment, { amount: 1_995 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refunded).toBe(44_090);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.idPayment, idPayment));
    const refunds = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, row!.id));
    expect(refunds.reduce((sum, one) => sum + one.taxCents, 0)).toBe(2_846);
    expect(refunds.map((one) => one.taxCents).sort((a, b) => a - b)).toEqual([0, 948, 1_898]);
  });

  it('gives back the tax’s part of an amount', async () => {
    const shopper = await signUp(t.app);
    const paid = await checkout(shopper.cookie, {
      shoes: shoes(2),
      amount: 27_000 + 1_958,
      deliveryAddress: ADDRESS,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { idPayment } = paid.json().order;
    const half = await refund(idPayment, { amount: 14_479 });
    expect(half.statusCode, half.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.idPayment, idPayment));
    const [one] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, row!.id));
    // Half of the 28,958 charged: half of the 1,958 of tax.
    expect(one!.taxCents).toBe(979);
  });
});
