import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { startStripeStandIn } from '../support/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let shoeId: string;

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stand.url,
  });
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Blue', price: 89.5, sizes: [['8', 5]] }],
  );
  shoeId = shoeIds.get('Storm Court')!;
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const checkout = (cookie: string, id: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    payload: { id, shoes: [{ _id: shoeId, size: '8', quantity: 1 }], amount: 8950 },
    headers: { cookie, origin: TEST_ORIGIN, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('PAYMENTS=stripe, against a local stand-in for Stripe', () => {
  it('tells the payment form to use Stripe with the publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  });

  it('confirms a PaymentIntent for the server total, with the idempotency key, once per key', async () => {
    const shopper = await signUp(t.app);
    const first = await checkout(shopper.cookie, 'pm_card_visa', 'stripe-attempt-0001');
    expect(first.statusCode, first.body).toBe(200);
    const idPayment = first.json().order.idPayment;
    expect(idPayment).toMatch(/^pi_standin_/);
    // Created for the server's total (no money moves), then confirmed: each with a key from the checkout's.
    const intent = stand.requests.find((request) => request.path === '/v1/payment_intents')!;
    expect(intent.form.get('amount')).toBe('8950');
    expect(intent.form.get('currency')).toBe('usd');
    expect(intent.form.get('payment_method')).toBe('pm_card_visa');
    expect(intent.idempotencyKey).toBe('stripe-attempt-0001');
    const confirmation = stand.requests.find((request) => request.path.endsWith('/confirm'))!;
    expect(confirmation.path).toBe(`/v1/payment_intents/${idPayment}/confirm`);
    expect(confirmation.idempotencyKey).toBe('stripe-attempt-0001:confirm');
    expect(stand.ledger()).toEqual([
      expect.objectContaining({ id: idPayment, amount: 8950, status: 'succeeded', refunded: false }),
    ]);

    const retry = await checkout(shopper.cookie, 'pm_card_visa', 'stripe-attempt-0001');
    expect(retry.json()).toEqual(first.json());
    expect(stand.intentsCreated()).toBe(1);
  });

  it('reports a declined card as 402 and keeps the stock', async () => {
    const shopper = await signUp(t.app);
    const before = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json().stock[0]
      .quantity;
    const declined = await checkout(shopper.cookie, 'pm_card_chargeDeclined', 'stripe-attempt-0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const after = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json().stock[0]
      .quantity;
    expect(after).toBe(before);
  });

  it('never takes card numbers itself', async () => {
    const shopper = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/methods',
      payload: paymentMethodBody(),
      headers: { cookie: shopper.cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('use_stripe_elements');
  });

  it('charges the discounted total when a discount code applies', async () => {
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'STRIPE25', kind: 'percent', percent: 25, target: 'cart' });
    const shopper = await signUp(t.app);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      // $89.50 less 25% (2237.5 cents, rounded half up): $67.12.
      payload: {
        id: 'pm_card_visa_discounted',
        shoes: [{ _id: shoeId, size: '8', quantity: 1 }],
        amount: 6712,
        code: 'stripe25',
      },
      headers: { cookie: shopper.cookie, origin: TEST_ORIGIN },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ amount: 6712, discountCode: 'STRIPE25', discount: 2238 });
    const intent = stand.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
    expect(intent.form.get('amount')).toBe('6712');
  });

  it('gives the PaymentIntent the delivery address as its shipping, and none without one (issue 31)', async () => {
    const shopper = await signUp(t.app);
    const pay = (id: string, deliveryAddress?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/checkout',
        payload: { id, shoes: [{ _id: shoeId, size: '8', quantity: 1 }], amount: 8950, deliveryAddress },
        headers: { cookie: shopper.cookie, origin: TEST_ORIGIN },
      });
    const delivery = {
      name: "Sam O'Brien",
      line1: '1600 Pennsylvania Ave. NW',
      line2: 'Apt #2',
      city: 'Winston-Salem',
      state: 'north carolina',
      postal_code: '27101-1234',
      phone: '(619) 555-0134',
    };
    const shipped = await pay('pm_card_visa_shipping', delivery);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const intentOf = (idPayment: string) => stand.ledger().find((intent) => intent.id === idPayment)!;
    // The state by its USPS code, in the US, as Stripe's shipping takes it.
    expect(intentOf(shipped.json().order.idPayment).shipping).toEqual({
      name: "Sam O'Brien",
      phone: '(619) 555-0134',
      address: {
        line1: '1600 Pennsylvania Ave. NW',
        line2: 'Apt #2',
        city: 'Winston-Salem',
        state: 'NC',
        postal_code: '27101-1234',
        country: 'US',
      },
    });
    // The order keeps the card's last four digits from the charge Stripe answers with.
    expect(shipped.json().order.cardLast4).toBe('4242');

    const spec = await pay('pm_card_visa_no_shipping');
    expect(spec.statusCode, spec.body).toBe(200);
    expect(intentOf(spec.json().order.idPayment).shipping).toBeNull();

    // A bad address is refused before any PaymentIntent is made.
    const created = stand.intentsCreated();
    const refused = await pay('pm_card_visa_bad_zip', { ...delivery, postal_code: '9210' });
    expect(refused.statusCode).toBe(400);
    expect(stand.intentsCreated()).toBe(created);
  });

  it('accepts webhooks only with a valid Stripe signature', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const good = await post({ 'stripe-signature': signature });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
    expect((await post({ 'stripe-signature': 't=1,v1=forged' })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
  });
});
