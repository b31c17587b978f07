/** Matrix rows of payments, checkout, orders, refunds, returns and Stripe's webhook. */
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import {
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  returnRequests,
} from '../../../../../src/server/db/schema.js';
import { TEST_ORIGIN } from '../../session.js';
import {
  OK,
  CREATED,
  BAD_SIGNATURE,
  NOT_THEIR_CARD,
  SIGN_IN_FIRST,
  FORBIDDEN,
  DISABLED,
  NOT_FOUND,
  CONFLICT,
  anyone,
  staffOnly,
  ownAccount,
  usersOwn,
  type Row,
  get,
  post,
  put,
  withHeaders,
  ids,
  webhookEvent,
} from '../roles.js';
import { WEBHOOK_SECRET, CARD, t, anchorShoe, db, nextAddress, purchaseOf } from '../world.js';
import {
  freshShoe,
  orderFor,
  returnFor,
  returnStatus,
  paymentMethod,
  ownerOfMethod,
  asEnabled,
} from '../fixtures.js';
import { countWhere, ordersOfShoe, orderStatus, stockOf } from '../state.js';

export const ORDER_ROWS: Row[] = [
  // Payments and orders.
  {
    route: 'GET /api/payments/config',
    outcomes: anyone(OK),
    request: () => get('/api/payments/config'),
    check: (response) => expect(response.json()).toEqual({ provider: 'test', publishableKey: null }),
  },
  {
    route: 'POST /api/payments/methods',
    outcomes: ownAccount,
    request: () => post('/api/payments/methods', CARD),
    // The method is bound to whoever asked for it: nobody else can pay with it.
    check: (response, { actor }) => expect(ownerOfMethod(response.json().id)).toBe(actor!.id),
  },
  {
    route: 'POST /api/cart/checkout',
    note: 'with their own payment method',
    outcomes: ownAccount,
    prepare: async ({ actor, owner }) => ({
      shoe: await freshShoe(),
      method: await paymentMethod((actor ?? owner).id),
    }),
    request: ({ fixture }) =>
      post('/api/cart/checkout', {
        id: fixture.method,
        shoes: [{ _id: fixture.shoe, size: '9', quantity: 1 }],
        amount: 5000,
      }),
    state: ({ owner, fixture }) => ordersOfShoe(owner.id, fixture.shoe!),
    after: () => 1,
    check: (response, { actor }) => expect(response.json().order.email).toBe(actor!.email),
  },
  {
    route: 'POST /api/cart/checkout',
    note: "paying with the user's payment method",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': NOT_THEIR_CARD,
      'disabled user': DISABLED,
      manager: NOT_THEIR_CARD,
      administrator: NOT_THEIR_CARD,
    },
    prepare: async ({ owner }) => ({ shoe: await freshShoe(), method: await paymentMethod(owner.id) }),
    request: ({ fixture }) =>
      post('/api/cart/checkout', {
        id: fixture.method,
        shoes: [{ _id: fixture.shoe, size: '9', quantity: 1 }],
        amount: 5000,
      }),
    state: async ({ owner, fixture }) => ({
      orders: await ordersOfShoe(owner.id, fixture.shoe!),
      stock: await stockOf(fixture.shoe!),
    }),
    after: () => ({ orders: 1, stock: [['9', 4]] }),
  },
  {
    route: 'POST /api/cart/checkout',
    note: "replaying the user's paid checkout with its Idempotency-Key",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      // The first answer again, and no second order.
      user: OK,
      // Never the user's stored answer (their order, their email).
      'other user': CONFLICT,
      'disabled user': DISABLED,
      manager: CONFLICT,
      administrator: CONFLICT,
    },
    prepare: async ({ owner }) => {
      const shoe = await freshShoe();
      const body = {
        id: await paymentMethod(owner.id),
        shoes: [{ _id: shoe, size: '9', quantity: 1 }],
        amount: 5000,
      };
      const key = `matrix-replay-${crypto.randomBytes(8).toString('hex')}`;
      const paid = await asEnabled(owner, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/cart/checkout',
          payload: body,
          headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'idempotency-key': key },
          remoteAddress: nextAddress(),
        }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      return { shoe, key, body: JSON.stringify(body), order: paid.json().order._id };
    },
    request: ({ fixture }) => ({
      method: 'POST',
      url: '/api/cart/checkout',
      payload: fixture.body!,
      headers: { 'content-type': 'application/json', 'idempotency-key': fixture.key! },
    }),
    state: async ({ fixture }) => ({
      orders: await countWhere(
        db()
          .select({ n: count() })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(eq(orderLines.shoeId, fixture.shoe!)),
      ),
      stock: await stockOf(fixture.shoe!),
    }),
    check: (response, { fixture }) => expect(response.json().order._id).toBe(fixture.order),
  },
  {
    route: 'POST /api/cart/quote',
    outcomes: anyone(OK),
    request: () => post('/api/cart/quote', { shoes: [{ _id: anchorShoe, size: '9', quantity: 1 }] }),
    check: (response) => expect(response.json()).toMatchObject({ discount: 0, code: null, message: null }),
  },
  {
    route: 'GET /api/cart',
    outcomes: staffOnly(OK),
    request: () => get('/api/cart?limit=4'),
    check: (response) => expect(ids(response).length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/cart/{userId}',
    note: "the user's orders",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      'other user': FORBIDDEN,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    request: ({ owner }) => get(`/api/cart/${owner.id}`),
    check: (response, { owner }) =>
      expect(response.json().map((order: { idPayment: string }) => order.idPayment)).toContain(
        purchaseOf(owner).idPayment,
      ),
  },
  {
    route: 'GET /api/cart/order/{orderId}',
    note: "the user's order",
    outcomes: {
      visitor: SIGN_IN_FIRST,
      user: OK,
      // Someone else's order answers like a missing one.
      'other user': NOT_FOUND,
      'disabled user': DISABLED,
      manager: OK,
      administrator: OK,
    },
    request: ({ owner }) => get(`/api/cart/order/${purchaseOf(owner).orderId}`),
    check: (response, { owner }) => expect(response.json().idPayment).toBe(purchaseOf(owner).idPayment),
  },
  {
    route: 'PUT /api/cart/order/{idPayment}',
    note: "the user's order, to Received",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) => put(`/api/cart/order/${fixture.idPayment}`, { status: 'Received' }),
    state: ({ fixture }) => orderStatus(fixture.idPayment!),
    after: () => 'Received',
  },
  {
    route: 'PUT /api/cart/order/{idPayment}/shipment',
    note: "the user's order, shipped",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) =>
      put(`/api/cart/order/${fixture.idPayment}/shipment`, {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ carrier: orderShipments.carrier })
          .from(orderShipments)
          .innerJoin(orders, eq(orders.id, orderShipments.orderId))
          .where(eq(orders.idPayment, fixture.idPayment!))
      )[0]?.carrier ?? null,
    after: () => 'UPS',
  },
  {
    route: 'POST /api/cart/order/{idPayment}/refunds',
    note: "part of the user's order, refunded",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) =>
      withHeaders(post(`/api/cart/order/${fixture.idPayment}/refunds`, { reason: 'Matrix', amount: 100 }), {
        'idempotency-key': `matrix-${crypto.randomUUID()}`,
      }),
    state: async ({ fixture }) =>
      (
        await db()
          .select({ amount: orderRefunds.amountCents, status: orderRefunds.status })
          .from(orderRefunds)
          .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
          .where(eq(orders.idPayment, fixture.idPayment!))
      ).map((row) => [row.amount, row.status]),
    after: () => [[100, 'succeeded']],
  },
  {
    route: 'GET /api/cart/order/{idPayment}/events',
    note: "the user's order's audit trail",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => orderFor(owner),
    request: ({ fixture }) => get(`/api/cart/order/${fixture.idPayment}/events`),
    check: (response) => expect(response.json()).toEqual(expect.any(Array)),
  },
  {
    route: 'POST /api/cart/order/{idPayment}/returns',
    note: "a pair of the user's Received order, asked back",
    // Only the order's shopper asks: anyone else's request answers like a missing order.
    outcomes: usersOwn(CREATED),
    prepare: async ({ owner }) => {
      const order = await orderFor(owner, { status: 'Received', shoeId: anchorShoe });
      return { idPayment: order.idPayment, orderId: order.id, lineId: order.lineId };
    },
    request: ({ fixture }) =>
      post(`/api/cart/order/${fixture.idPayment}/returns`, {
        lines: [{ lineId: fixture.lineId, quantity: 1 }],
        reason: 'wrong_size',
      }),
    state: async ({ fixture }) =>
      (await db().select().from(returnRequests).where(eq(returnRequests.orderId, fixture.orderId!))).length,
    after: () => 1,
  },
  {
    route: 'GET /api/admin/audit',
    outcomes: staffOnly(OK),
    request: () => get('/api/admin/audit?limit=5'),
    check: (response) => expect(response.json().length).toBeLessThanOrEqual(5),
  },
  {
    route: 'GET /api/admin/returns',
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => returnFor(owner),
    request: ({ fixture }) => get(`/api/admin/returns?q=${fixture.idPayment}`),
    check: (response, { fixture }) => expect(ids(response)).toEqual([fixture.returnId]),
  },
  {
    route: 'POST /api/admin/returns/{id}/decision',
    note: "the user's return, approved (a refund of its pair)",
    outcomes: staffOnly(OK),
    prepare: ({ owner }) => returnFor(owner),
    request: ({ fixture }) =>
      post(`/api/admin/returns/${fixture.returnId}/decision`, { decision: 'approve' }),
    state: ({ fixture }) => returnStatus(fixture.returnId!),
    after: () => 'approved',
  },

  // Stripe's webhook (PAYMENTS=stripe): its signature is the only credential that counts.
  {
    route: 'POST /api/payments/stripe/webhook',
    note: 'signed with the webhook secret',
    app: 'stripe',
    outcomes: anyone(OK),
    request: () => ({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: webhookEvent,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: webhookEvent,
          secret: WEBHOOK_SECRET,
        }),
      },
    }),
    check: (response) => expect(response.json()).toEqual({ received: true }),
  },
  {
    route: 'POST /api/payments/stripe/webhook',
    note: 'with a forged signature',
    app: 'stripe',
    outcomes: anyone(BAD_SIGNATURE),
    request: () => ({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: webhookEvent,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Date.now()},v1=forged` },
    }),
  },
];
