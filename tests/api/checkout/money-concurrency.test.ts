import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { discountCodes, orderRefunds, orders, stockEntries } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { sideConnections, until } from '../support/lock-waits.js';
import { paidOrder as placeOrder } from '../support/paid-order.js';
import type { RecordedRefunds } from '../support/recording-payments.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Money under concurrency (issues 18, 19, 29): refunds pressed twice or by several staff at once, a
 * code's limited uses and "once per customer" under simultaneous checkouts. Always on the machine's
 * PostgreSQL (DATABASE_URL, or 127.0.0.1:5432), in a database of its own: PGlite runs one query at a
 * time, so there these pass with their locks removed.
 *
 * Each race is made to happen: a side connection holds the lock (or the table) the requests write
 * to after their checks, and the test waits until they all wait there, inside, before letting go.
 * The test processor records its refunds and captures (support/recording-payments.ts).
 */
const provider = vi.hoisted(() => ({
  refunds: [] as RecordedRefunds['refunds'],
  timeouts: 0,
  refusals: 0,
  captures: [] as NonNullable<RecordedRefunds['captures']>,
  beforeRefund: undefined as RecordedRefunds['beforeRefund'],
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@money-concurrency.test', password: 'owner-password' };
/** The statements a refund waits in: the order's row lock, or writing its refund. */
const REFUND_WAITS = 'for update|insert into "order_refunds"';
/** The statement a checkout with a code waits in: counting the code's use, under its row lock. */
const CODE_WAITS = 'update "discount_codes"';

let t: TestApp;
let side: Awaited<ReturnType<typeof sideConnections>>;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.90.0.1', app: { postgres: true } }));
  expect(t.database.kind).toBe('postgres');
  side = await sideConnections(t.database);
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Runner', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', 500]] }],
  );
  shoeId = shoeIds.get('Runner')!;
});
afterAll(async () => {
  await side?.close();
  await t?.close();
});

const send = createSender(() => t.app, 91);

const refund = (idPayment: string, body: Record<string, unknown>, key: string) =>
  send(
    'POST',
    `/api/cart/order/${idPayment}/refunds`,
    admin,
    { reason: 'Customer asked', ...body },
    { 'idempotency-key': key },
  );

/** An order of `quantity` pairs at $100, paid. */
async function paidOrder(quantity: number) {
  const shopper = await signUp(t.app);
  return placeOrder(send, shopper.cookie, { shoeId, size: '9', quantity, priceCents: 10_000 });
}

const refundRows = async (idPayment: string) =>
  (
    await t.database.db
      .select()
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(eq(orders.idPayment, idPayment))
  ).map((row) => row.order_refunds);

/** The processor's refunds of a payment: the keys it was asked with, and the refunds it made. */
function refundsOf(idPayment: string) {
  const sent = provider.refunds.filter((r) => r.chargeId === idPayment);
  return {
    sent,
    keys: new Set(sent.map((r) => r.idempotencyKey)),
    made: new Set(sent.flatMap((r) => (r.refundId ? [r.refundId] : []))),
  };
}

describe('refunds at once', () => {
  it('a refund pressed twice at once is made once, and sent again it is the same refund', async () => {
    const { idPayment } = await paidOrder(3);
    const key = `double-press-${idPayment}`;
    const press = () => refund(idPayment, { amount: 3000 }, key);

    // The first provider call waits until the other press has gone as far as it can without it.
    let letProviderAnswer!: () => void;
    const providerHeld = new Promise<void>((resolve) => (letProviderAnswer = resolve));
    const reached: string[] = [];
    provider.beforeRefund = async (request) => {
      if (request.chargeId !== idPayment) return;
      reached.push(request.idempotencyKey);
      if (reached.length === 1) await providerHeld;
    };
    const answered: number[] = [];
    // Both presses park past their checks, before any refund is written: both are inside at once.
    const writes = await side.hold('LOCK TABLE order_refunds IN SHARE MODE');
    const presses = [press(), press()].map((pressed, index) =>
      pressed.then((response) => {
        answered.push(index);
        return response;
      }),
    );
    try {
      await side.waiters(2, REFUND_WAITS);
      expect(reached).toEqual([]);
      await writes.release();
      // One press is held at the provider; the other finds its refund pending and asks with the same
      // key (or answers): only then does the first hear back.
      await until(() => reached.length >= 2 || answered.length > 0, 'the second press to reach the provider');
    } finally {
      await writes.release();
      letProviderAnswer();
    }
    const [a, b] = await Promise.all(presses);
    provider.beforeRefund = undefined;

    expect([a!.statusCode, b!.statusCode], `${a!.body}\n${b!.body}`).toEqual([200, 200]);
    for (const response of [a!, b!]) {
      expect(response.json()).toMatchObject({
        refunded: 3000,
        refunds: [{ amount: 3000, status: 'succeeded' }],
      });
    }
    const again = await press();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ refunded: 3000, refunds: [{ amount: 3000, status: 'succeeded' }] });

    const { keys, made } = refundsOf(idPayment);
    expect(keys.size).toBe(1);
    expect(made.size).toBe(1);
    expect(await refundRows(idPayment)).toMatchObject([
      { amountCents: 3000, status: 'succeeded', providerRefundId: [...made][0] },
    ]);
  }, 60_000);

  it('ten managers refunding the whole order at once: one refund, nine refusals', async () => {
    const { idPayment } = await paidOrder(1);
    const writes = await side.hold('LOCK TABLE order_refunds IN SHARE MODE');
    const racing = Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(idPayment, { amount: 10_000 }, `race-${idPayment}-${i}`)),
    );
    // All ten past the door: one about to write its refund, nine at the order's lock (or, without
    // it, all ten about to write theirs, each sure the whole order is left).
    try {
      await side.waiters(10, REFUND_WAITS);
    } finally {
      await writes.release();
    }
    const responses = await racing;

    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    // Refused by the shop for what is left, as a refund after it is (never by the provider).
    const after = await refund(idPayment, { amount: 10_000 }, `after-race-${idPayment}`);
    expect(after.statusCode).toBe(409);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().error.message).toBe(after.json().error.message);
    }
    expect((await refundRows(idPayment)).map((row) => [row.amountCents, row.status])).toEqual([
      [10_000, 'succeeded'],
    ]);
    const { sent, made } = refundsOf(idPayment);
    expect(sent).toHaveLength(1);
    expect(made.size).toBe(1);
  }, 60_000);
});

describe('a code’s uses, counted with the stock under concurrency', () => {
  const M = MESSAGES.discounts;

  async function createCode(fields: Record<string, unknown>) {
    const response = await send('POST', '/api/admin/discounts', admin, {
      kind: 'percent',
      value: '10',
      target: 'cart',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { _id: string; code: string };
  }

  /** A payment method for the shopper, made before the race so that only the checkouts run in it. */
  async function cardOf(shopper: { cookie: string }) {
    const method = await send('POST', '/api/payments/methods', shopper.cookie, paymentMethodBody());
    expect(method.statusCode, method.body).toBe(200);
    return { cookie: shopper.cookie, methodId: method.json().id as string };
  }

  const checkout = (card: { cookie: string; methodId: string }, code: string) =>
    send('POST', '/api/cart/checkout', card.cookie, {
      id: card.methodId,
      shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
      amount: 9_000,
      code,
    });

  const pairsLeft = async () =>
    (await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId)))[0]!.quantity;
  const capturesOf = (userIds: string[]) =>
    provider.captures.filter((capture) => userIds.includes(capture.userId));

  it('a code limited to 10 uses gives exactly 10 discounted orders out of 50 simultaneous checkouts, and the 40 refused pay nothing', async () => {
    const code = await createCode({ code: 'TENUSES', maxUses: '10' });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const stockBefore = await pairsLeft();
    const cards = await Promise.all(shoppers.map(cardOf));
    // Every checkout that gets a connection parks at the code's row; more than 10 must be there.
    const codeRow = await side.hold('SELECT id FROM discount_codes WHERE id = $1 FOR UPDATE', [code._id]);
    const racing = Promise.all(cards.map((card) => checkout(card, 'TENUSES')));
    try {
      await side.waiters(11, CODE_WAITS);
    } finally {
      await codeRow.release();
    }
    const responses = await racing;

    const paid = responses.flatMap((response, i) => (response.statusCode === 200 ? [shoppers[i]!] : []));
    const refused = responses.flatMap((response, i) => (response.statusCode === 409 ? [shoppers[i]!] : []));
    expect(paid).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(M.usedUp);
    }
    const [after] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(after!.uses).toBe(10);
    const discounted = await t.database.db.select().from(orders).where(eq(orders.discountCode, 'TENUSES'));
    expect(discounted).toHaveLength(10);
    // Only the 10 paid orders took their pair, and only they were charged: each once, its order's payment.
    expect(stockBefore - (await pairsLeft())).toBe(10);
    const captured = capturesOf(shoppers.map((shopper) => shopper.user._id));
    expect(captured).toHaveLength(10);
    expect(new Set(captured.map((capture) => capture.paymentId))).toEqual(
      new Set(discounted.map((order) => order.idPayment)),
    );
    expect(captured.every((capture) => capture.amountCents === 9_000)).toBe(true);
    expect(capturesOf(refused.map((shopper) => shopper.user._id))).toEqual([]);
  }, 120_000);

  it('"once per customer" holds when one shopper checks out five times at once, charged once', async () => {
    const code = await createCode({ code: 'ONCEONLY', oncePerCustomer: true });
    const shopper = await signUp(t.app);
    const cards = await Promise.all(Array.from({ length: 5 }, () => cardOf(shopper)));
    const codeRow = await side.hold('SELECT id FROM discount_codes WHERE id = $1 FOR UPDATE', [code._id]);
    const racing = Promise.all(cards.map((card) => checkout(card, 'ONCEONLY')));
    try {
      await side.waiters(5, CODE_WAITS);
    } finally {
      await codeRow.release();
    }
    const responses = await racing;

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().error.message).toBe(M.usedByYou);
    }
    const [order] = await t.database.db.select().from(orders).where(eq(orders.discountCode, 'ONCEONLY'));
    expect(capturesOf([shopper.user._id]).map((capture) => capture.paymentId)).toEqual([order!.idPayment]);
    const quoted = await send('POST', '/api/cart/quote', shopper.cookie, {
      shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
      code: 'ONCEONLY',
    });
    expect(quoted.json().message).toBe(M.usedByYou);
  }, 60_000);
});
