import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import {
  mailOutbox,
  orderRefunds,
  orders,
  restockRequests,
  stockEntries,
} from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder as placeOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import type { RecordedRefunds } from '../support/recording-payments.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Refunds (issue 19): through the payment provider, within what is left, idempotent, and safe after
 * a timeout. The provider's refunds are recorded by wrapping the test processor; `lostAnswers` makes
 * it refund and lose the answer. Several staff at once, and the double press: money-concurrency.test.ts.
 */
const provider = vi.hoisted(() => ({
  refunds: [] as RecordedRefunds['refunds'],
  timeouts: 0,
  refusals: 0,
  lostAnswers: 0,
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@refunds.test', password: 'owner-password' };
const M = MESSAGES.refunds;

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.70.0.1' }));
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 40, sizes: [['9', 500]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 71);

/** An order of `quantity` pairs at $40 each, paid. */
async function paidOrder(quantity = 3) {
  const shopper = await signUp(t.app);
  const order = await placeOrder(send, shopper.cookie, { shoeId, size: '9', quantity, priceCents: 4000 });
  return { shopper, ...order };
}

const refund = (idPayment: string, body: Record<string, unknown>, key?: string) =>
  send(
    'POST',
    `/api/cart/order/${idPayment}/refunds`,
    admin,
    { reason: 'Customer asked', ...body },
    // Every refund carries its key (the API refuses one without): a fresh one unless the test names it.
    { 'idempotency-key': key ?? `refund-${crypto.randomUUID()}` },
  );

const stock = async () =>
  (await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId)))[0]!.quantity;

describe('refunding an order', () => {
  it('gives part back by amount, then the rest, never more than was charged; the buyer is mailed', async () => {
    const { shopper, idPayment } = await paidOrder();
    const first = await refund(idPayment, { amount: 5000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ refunded: 5000, refunds: [{ amount: 5000, status: 'succeeded' }] });
    const rest = await refund(idPayment, { amount: 7000 });
    expect(rest.json().refunded).toBe(12_000);
    const more = await refund(idPayment, { amount: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(M.moreThanLeft('$0'));
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.filter((mail) => mail.subject.includes('A refund'))).toHaveLength(2);
    expect(provider.refunds.filter((r) => r.chargeId === idPayment).map((r) => r.amountCents)).toEqual([
      5000, 7000,
    ]);
  });

  it('gives back lines, their pairs back in stock when asked, and no more pairs than were bought', async () => {
    const { idPayment, lineId } = await paidOrder(3);
    const before = await stock();
    // Someone waits for the size (sold out a moment ago, say): the pairs coming back tell them.
    await t.database.db.insert(restockRequests).values({
      email: 'waiting@refunds.test',
      shoeId,
      size: '9',
      unsubscribeToken: `refund-wait-${idPayment}`,
    });
    const two = await refund(idPayment, { lines: [{ lineId, quantity: 2 }], restock: true });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().refunded).toBe(8000);
    expect(await stock()).toBe(before + 2);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'waiting@refunds.test'));
    expect(told.map((mail) => mail.subject)).toEqual(['Runner in size 9 is back at Sneaker Street']);
    const tooMany = await refund(idPayment, { lines: [{ lineId, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(M.tooManyPairs(1));
    const unknown = await refund(idPayment, {
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.json().error.message).toBe(M.unknownLine);
    const last = await refund(idPayment, { lines: [{ lineId, quantity: 1 }] });
    expect(last.json().refunded).toBe(12_000);
    // Not asked to restock: the last pair stays sold.
    expect(await stock()).toBe(before + 2);
  });

  it('after a provider timeout the refund stays pending (and counted), and the same request confirms it once', async () => {
    const { idPayment } = await paidOrder(3);
    // The processor refunds, then its answer is lost: only the same provider key can find that refund.
    provider.lostAnswers = 1;
    const key = `timeout-${idPayment}`;
    const timedOut = await refund(idPayment, { amount: 5000 }, key);
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().error.message).toBe(M.unconfirmed);
    expect(provider.lostAnswers).toBe(0);
    // Pending counts against what is left ($120 - $50): another refund cannot take it meanwhile.
    const meanwhile = await refund(idPayment, { amount: 7001 }, `meanwhile-${idPayment}`);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.message).toBe(M.moreThanLeft('$70'));
    const retried = await refund(idPayment, { amount: 5000 }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      refunded: 5000,
      refunds: [{ amount: 5000, status: 'succeeded' }],
    });
    // Asked twice (the lost answer, the retry), refunded once: one provider key, one refund id.
    const sent = provider.refunds.filter((r) => r.chargeId === idPayment);
    expect(sent.map((r) => r.amountCents)).toEqual([5000, 5000]);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    const refundIds = new Set(sent.map((r) => r.refundId));
    expect(refundIds.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(eq(orders.idPayment, idPayment));
    expect(rows.map((row) => row.order_refunds)).toMatchObject([
      { amountCents: 5000, status: 'succeeded', providerRefundId: [...refundIds][0] },
    ]);
  });

  it('refuses bad requests, a foreign order, and anyone but staff', async () => {
    const { shopper, idPayment, lineId } = await paidOrder(1);
    for (const body of [
      { amount: -5 },
      { amount: 0 },
      { amount: 1.5 },
      { amount: 10 ** 12 },
      { amount: 100, lines: [{ lineId, quantity: 1 }] },
      {},
      { amount: 100, reason: '' },
      { lines: [{ lineId, quantity: 0 }] },
    ]) {
      const response = await refund(idPayment, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await refund('pi_not_an_order', { amount: 100 })).statusCode).toBe(404);
    const own = await send('POST', `/api/cart/order/${idPayment}/refunds`, shopper.cookie, {
      reason: 'Mine',
      amount: 100,
    });
    expect(own.statusCode).toBe(403);
    expect(provider.refunds.filter((r) => r.chargeId === idPayment)).toHaveLength(0);
  });

  it('counts the dashboard’s sales net of refunds', async () => {
    const { idPayment } = await paidOrder(2);
    await refund(idPayment, { amount: 2500 });
    const charged = (await t.database.db.select({ amount: orders.amountCents }).from(orders)).reduce(
      (sum, row) => sum + row.amount,
      0,
    );
    const refunded = (await t.database.db.select().from(orderRefunds))
      .filter((row) => row.status === 'succeeded')
      .reduce((sum, row) => sum + row.amountCents, 0);
    expect(refunded).toBeGreaterThanOrEqual(2500);
    const stats = (await send('GET', '/api/admin/stats', admin)).json();
    expect(stats.salesCents).toBe(charged - refunded);
  });
});
