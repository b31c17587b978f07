import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { mailOutbox, orderRefunds, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { startStripeStandIn } from '../support/stripe-stand-in.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Refunds through Stripe (issue 19), against the local stand-in: partial refunds with the shop's
 * refund id in their metadata, and the `charge.refunded` webhook, replayed or ahead of the refund's
 * own answer, settling each refund once and mailing the buyer once.
 */
const WEBHOOK_SECRET = 'whsec_refunds_secret';
const ADMIN = { email: 'owner@stripe-refunds.test', password: 'owner-password' };
const SDK_TIMEOUT_MS = 1_000;

let t: TestApp;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  stand = await startStripeStandIn();
  ({ t, admin } = await createStaffTestApp(ADMIN, {
    signInFrom: '10.80.0.1',
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stand.url,
      STRIPE_TIMEOUT_MS: SDK_TIMEOUT_MS,
      STRIPE_MAX_NETWORK_RETRIES: 0,
    },
  }));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 80, sizes: [['8', 50]] }],
  );
  shoeId = shoeIds.get('Storm Court')!;
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const send = (method: 'POST', url: string, cookie: string, payload: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { origin: TEST_ORIGIN, cookie, ...(key ? { 'idempotency-key': key } : {}) },
  });

let methods = 0;
async function paidOrder() {
  const shopper = await signUp(t.app);
  const paid = await send('POST', '/api/cart/checkout', shopper.cookie, {
    // A payment method pays for one order only.
    id: `pm_card_visa_${++methods}`,
    shoes: [{ _id: shoeId, size: '8', quantity: 2 }],
    amount: 16_000,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json().order as { idPayment: string; shoe: { lineId: string }[] };
  return { shopper, idPayment: order.idPayment, lineId: order.shoe[0]!.lineId };
}

/** Stripe's `charge.refunded` for a payment, naming refunds as Stripe does, signed. */
function refundedEvent(
  idPayment: string,
  refunds: { id: string; shopRefund: string; status: string; amount: number }[],
) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${idPayment}`,
        object: 'charge',
        payment_intent: idPayment,
        refunds: {
          object: 'list',
          data: refunds.map((refund) => ({
            id: refund.id,
            object: 'refund',
            amount: refund.amount,
            status: refund.status,
            metadata: { refund: refund.shopRefund },
          })),
        },
      },
    },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

const refundMails = async (email: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) =>
    mail.subject.includes('A refund'),
  );
const refundRow = async (id: string) =>
  (await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0]!;

describe('refunds through Stripe', () => {
  it('refunds part of a PaymentIntent with the shop’s refund id, and a replayed webhook changes nothing', async () => {
    const { shopper, idPayment } = await paidOrder();
    const refunded = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Damaged', amount: 6000 },
      'stripe-refund-0001',
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = refunded.json().refunds[0] as { _id: string };
    const call = stand.requests.filter((request) => request.path === '/v1/refunds').at(-1)!;
    expect(call.form.get('payment_intent')).toBe(idPayment);
    expect(call.form.get('amount')).toBe('6000');
    expect(call.form.get('metadata[refund]')).toBe(refund._id);
    expect(call.idempotencyKey).toBe(refund._id);
    const row = await refundRow(refund._id);
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });

    for (const _replay of [1, 2]) {
      const hook = await refundedEvent(idPayment, [
        { id: row.providerRefundId!, shopRefund: refund._id, status: 'succeeded', amount: 6000 },
      ]);
      expect(hook.statusCode).toBe(200);
    }
    expect(await refundMails(shopper.email)).toHaveLength(1);
    expect(stand.ledger().find((intent) => intent.id === idPayment)).toMatchObject({
      amountRefunded: 6000,
      refunded: false,
    });
  });

  it('settles a refund whose answer was lost from the webhook, once, and the retry finds it done', async () => {
    const { shopper, idPayment } = await paidOrder();
    stand.inject('late-success', ['refund'], 1, SDK_TIMEOUT_MS + 500);
    const key = 'stripe-refund-late';
    const lost = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Late', amount: 16_000 },
      key,
    );
    expect(lost.statusCode).toBe(504);
    expect(lost.json().error.message).toBe(MESSAGES.refunds.unconfirmed);
    const [pending] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, key));
    expect(pending!.status).toBe('pending');
    expect(await refundMails(shopper.email)).toHaveLength(0);

    // Stripe made it (late) and says so: the webhook settles it, out of order, before any retry.
    const hook = await refundedEvent(idPayment, [
      { id: 're_late', shopRefund: pending!.id, status: 'succeeded', amount: 16_000 },
    ]);
    expect(hook.statusCode).toBe(200);
    expect(await refundRow(pending!.id)).toMatchObject({ status: 'succeeded', providerRefundId: 're_late' });
    expect(await refundMails(shopper.email)).toHaveLength(1);

    // The retry asks Stripe with the same key (the stored answer comes back) and settles nothing twice.
    stand.heal();
    const retried = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Late', amount: 16_000 },
      key,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ refunded: 16_000, refunds: [{ status: 'succeeded' }] });
    expect(await refundMails(shopper.email)).toHaveLength(1);
    expect(stand.ledger().find((intent) => intent.id === idPayment)).toMatchObject({
      amountRefunded: 16_000,
      refunded: true,
    });
  });

  it('refunds once when Stripe made the refund but its answer was lost, and the retry comes before any webhook', async () => {
    const { shopper, idPayment } = await paidOrder();
    // Stripe makes the refund (and stores its answer under the key), answering after the SDK gave up.
    stand.inject('late-success', ['refund'], 1, SDK_TIMEOUT_MS + 500);
    const key = 'stripe-refund-lost-answer';
    const body = { reason: 'Lost answer', amount: 6000 };
    const url = `/api/cart/order/${idPayment}/refunds`;
    const lost = await send('POST', url, admin, body, key);
    expect(lost.statusCode).toBe(504);
    expect(stand.refundsMade().filter((refund) => refund.paymentIntent === idPayment)).toHaveLength(1);

    // No webhook: the same request again must find that refund, not make a second one.
    stand.heal();
    const retried = await send('POST', url, admin, body, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      refunded: 6000,
      refunds: [{ amount: 6000, status: 'succeeded' }],
    });
    const asked = stand.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.get('payment_intent') === idPayment,
    );
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((request) => request.idempotencyKey)).size).toBe(1);
    const made = stand.refundsMade().filter((refund) => refund.paymentIntent === idPayment);
    expect(made).toHaveLength(1);
    const [row] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, key));
    expect(row).toMatchObject({ status: 'succeeded', amountCents: 6000, providerRefundId: made[0]!.id });
    expect(stand.ledger().find((intent) => intent.id === idPayment)).toMatchObject({
      amountRefunded: 6000,
      refunded: false,
    });
    expect(await refundMails(shopper.email)).toHaveLength(1);
  });

  it('puts the pairs of a refund settled by the webhook back in stock, and the cached shoe shows them at once', async () => {
    const { idPayment, lineId } = await paidOrder();
    stand.inject('late-success', ['refund'], 1, SDK_TIMEOUT_MS + 500);
    const key = 'stripe-refund-restock-late';
    const lost = await send(
      'POST',
      `/api/cart/order/${idPayment}/refunds`,
      admin,
      { reason: 'Returned', lines: [{ lineId, quantity: 2 }], restock: true },
      key,
    );
    expect(lost.statusCode).toBe(504);
    stand.heal();
    const pairsOf = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json() as {
          stock: { size: string; quantity: number }[];
        }
      ).stock.find((entry) => entry.size === '8')!.quantity;
    // Cached now, while the refund is pending: nothing is back yet.
    const before = await pairsOf();
    const [pending] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, key));
    // The webhook, then its replay (Stripe delivers at least once): the pairs come back once.
    for (const _replay of [1, 2]) {
      const hook = await refundedEvent(idPayment, [
        { id: 're_restock_late', shopRefund: pending!.id, status: 'succeeded', amount: 16_000 },
      ]);
      expect(hook.statusCode).toBe(200);
      expect(await pairsOf()).toBe(before + 2);
    }
    const [stored] = await t.database.db
      .select({ quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(and(eq(stockEntries.shoeId, shoeId), eq(stockEntries.size, '8')));
    expect(stored!.quantity).toBe(before + 2);
  });

  it('ignores refunds Stripe made on its own (no refund of ours named)', async () => {
    const { idPayment } = await paidOrder();
    const hook = await refundedEvent(idPayment, [
      { id: 're_dashboard', shopRefund: 'not-ours', status: 'succeeded', amount: 100 },
    ]);
    expect(hook.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.providerRefundId, 're_dashboard')),
    ).toEqual([]);
  });
});
