import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages.js';
import {
  mailOutbox,
  orderRefunds,
  orders,
  restockRequests,
  stockEntries,
} from '../../src/server/db/schema.js';
import { insertCatalog } from './support/catalog-fixture.js';
import { paidOrder as placeOrder } from './support/paid-order.js';
import { createSender } from './support/sender.js';
import { signUp } from './support/session.js';
import type { RecordedRefunds } from './support/recording-payments.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { staffSession } from './support/staff.js';

/**
 * Refunds (issue 19): through the payment provider, within what is left, idempotent, exact when
 * several staff refund at once (PostgreSQL when DATABASE_URL is set), and safe after a timeout.
 * The provider's refunds are recorded by wrapping the test processor; `timeouts` makes it time out.
 */
const provider = vi.hoisted(() => ({
  refunds: [] as RecordedRefunds['refunds'],
  timeouts: 0,
  refusals: 0,
}));

vi.mock('../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('./support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@refunds.test', password: 'owner-password' };
const M = MESSAGES.refunds;

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { bootstrapAdmin: true },
  );
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  admin = await staffSession(t.app, ADMIN.email, ADMIN.password, '10.70.0.1');
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
    key ? { 'idempotency-key': key } : {},
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

  it('refunds once for the same Idempotency-Key, pressed twice or sent again', async () => {
    const { idPayment } = await paidOrder();
    const key = `refund-${Date.now()}`;
    const [a, b] = await Promise.all([
      refund(idPayment, { amount: 3000 }, key),
      refund(idPayment, { amount: 3000 }, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await refund(idPayment, { amount: 3000 }, key);
    expect(again.json().refunded).toBe(3000);
    expect(again.json().refunds).toHaveLength(1);
    // The second press may reach the processor while the first is on its way: with the same
    // idempotency key, which the processor answers with the same refund.
    const sent = provider.refunds.filter((r) => r.chargeId === idPayment);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('two managers at once never give back more than was charged', async () => {
    const { idPayment } = await paidOrder(3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(idPayment, { amount: 7000 }, `race-${idPayment}-${i}`)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(eq(orders.idPayment, idPayment));
    expect(rows.map((row) => row.order_refunds.amountCents)).toEqual([7000]);
    expect(provider.refunds.filter((r) => r.chargeId === idPayment)).toHaveLength(1);
  }, 60_000);

  it('after a provider timeout the refund stays pending (and counted), and the same request confirms it once', async () => {
    const { idPayment } = await paidOrder(3);
    provider.timeouts = 1;
    const key = `timeout-${idPayment}`;
    const timedOut = await refund(idPayment, { amount: 10_000 }, key);
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().error.message).toBe(M.unconfirmed);
    // Pending counts against what is left: another refund cannot take it meanwhile.
    const meanwhile = await refund(idPayment, { amount: 5000 });
    expect(meanwhile.statusCode).toBe(409);
    const retried = await refund(idPayment, { amount: 10_000 }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      refunded: 10_000,
      refunds: [{ amount: 10_000, status: 'succeeded' }],
    });
    const sent = provider.refunds.filter((r) => r.chargeId === idPayment);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.amountCents).toBe(10_000);
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
