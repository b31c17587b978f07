// One file because its tests share one shop, one recording payment provider and the helpers of a
// return's life, from the shopper's ask to the staff's decision; where returns meet refunds is in
// refund-shares.test.ts.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import {
  domainEvents,
  mailOutbox,
  orders,
  returnRequests,
  stockEntries,
} from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import type { RecordedRefunds } from '../support/recording-payments.js';
import type { TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';

/**
 * Returns asked for by the shopper (issue 19): within 30 days of Received, never more pairs than are
 * left, decided once by the staff (an approval is a refund through the provider, exact when several
 * staff approve at once, on PostgreSQL when DATABASE_URL is set, and safe after a timeout).
 */
const provider = vi.hoisted(() => ({
  refunds: [] as RecordedRefunds['refunds'],
  timeouts: 0,
  refusals: 0,
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) =>
  (await import('../support/recording-payments.js')).recordingPayments(await importOriginal(), provider),
);

const ADMIN = { email: 'owner@returns.test', password: 'owner-password' };
const M = MESSAGES.returns;

let t: TestApp;
let admin: string;
let shoeId: string;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(ADMIN, { signInFrom: '10.80.0.1' }));
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Walker', brand: 'Stride', color: 'Blue', price: 50, sizes: [['10', 500]] }],
  );
  shoeId = shoeIds.get('Walker')!;
});
afterAll(() => t.close());

const send = createSender(() => t.app, 81);

/** An order of `quantity` pairs at $50 each, paid, and marked Received unless said otherwise. */
async function receivedOrder(quantity = 3, received = true) {
  const shopper = await signUp(t.app);
  const order = await paidOrder(send, shopper.cookie, { shoeId, size: '10', quantity, priceCents: 5000 });
  if (received) {
    const marked = await send('PUT', `/api/cart/order/${order.idPayment}`, admin, { status: 'Received' });
    expect(marked.statusCode).toBe(200);
  }
  return { shopper, ...order };
}

const ask = (cookie: string, idPayment: string, lineId: string, quantity: number, extra = {}) =>
  send('POST', `/api/cart/order/${idPayment}/returns`, cookie, {
    lines: [{ lineId, quantity }],
    reason: 'wrong_size',
    ...extra,
  });

const refund = (idPayment: string, body: Record<string, unknown>) =>
  send('POST', `/api/cart/order/${idPayment}/refunds`, admin, body, {
    'idempotency-key': `refund-${crypto.randomUUID()}`,
  });

const decide = (id: string, body: unknown, cookie = admin) =>
  send('POST', `/api/admin/returns/${id}/decision`, cookie, body);

const mailsTo = async (email: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((mail) => mail);

const stock = async () =>
  (await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId)))[0]!.quantity;

const refundsOf = (idPayment: string) => provider.refunds.filter((refund) => refund.chargeId === idPayment);

describe('a shopper asking for a return', () => {
  it('asks within the window for pairs of their own order, is mailed, and sees it on the order', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(3);
    const asked = await ask(shopper.cookie, idPayment, lineId, 2, { note: 'Too small at the toes' });
    expect(asked.statusCode, asked.body).toBe(201);
    const order = asked.json();
    expect(order.returns).toHaveLength(1);
    expect(order.returns[0]).toMatchObject({
      status: 'requested',
      reason: 'wrong_size',
      note: 'Too small at the toes',
      lines: [{ lineId, quantity: 2 }],
      decidedAt: null,
      message: null,
    });
    const until = new Date(order.returnableUntil).getTime() - new Date(order.receivedAt).getTime();
    expect(until).toBe(30 * 24 * 60 * 60 * 1000);
    const mails = await mailsTo(shopper.email);
    expect(mails.filter((mail) => mail.subject.startsWith('We received your return request'))).toHaveLength(
      1,
    );
    expect(mails.at(-1)!.text).toContain('2 x Walker, size 10');
    // The order page's own answer shows it too.
    const page = await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie);
    expect(page.json().returns[0].status).toBe('requested');
  });

  it('never asks back more pairs than are left, counting waiting returns and refunds', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(3);
    expect((await ask(shopper.cookie, idPayment, lineId, 2)).statusCode).toBe(201);
    const again = await ask(shopper.cookie, idPayment, lineId, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.tooManyPairs(1));
    const refunded = await refund(idPayment, { reason: 'Goodwill', lines: [{ lineId, quantity: 1 }] });
    expect(refunded.statusCode).toBe(200);
    const none = await ask(shopper.cookie, idPayment, lineId, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(M.tooManyPairs(0));
  });

  it('is refused before Received and after 30 days, and on someone else’s order', async () => {
    const pending = await receivedOrder(1, false);
    const early = await ask(pending.shopper.cookie, pending.idPayment, pending.lineId, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(M.notReceived);

    const late = await receivedOrder(1);
    await t.database.db
      .update(orders)
      .set({ firstReceivedAt: sql`now() - interval '30 days 1 minute'` })
      .where(eq(orders.idPayment, late.idPayment));
    const tooLate = await ask(late.shopper.cookie, late.idPayment, late.lineId, 1);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(M.windowClosed(30));

    const stranger = await signUp(t.app);
    const foreign = await ask(stranger.cookie, late.idPayment, late.lineId, 1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(MESSAGES.orders.notFound);
    const anonymous = await ask('', late.idPayment, late.lineId, 1);
    expect(anonymous.statusCode).toBe(401);
    const [lateRow] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idPayment, late.idPayment));
    expect(
      await t.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, lateRow!.id)),
    ).toEqual([]);
  });

  it('refuses bad requests with a 400 and writes nothing', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(2);
    const before = (await t.database.db.select().from(returnRequests)).length;
    const bad: unknown[] = [
      { lines: [], reason: 'wrong_size' },
      { lines: [{ lineId, quantity: 0 }], reason: 'wrong_size' },
      { lines: [{ lineId, quantity: -1 }], reason: 'wrong_size' },
      { lines: [{ lineId, quantity: 1.5 }], reason: 'wrong_size' },
      { lines: [{ lineId, quantity: 1 }], reason: 'too_expensive' },
      { lines: [{ lineId, quantity: 1 }] },
      {
        lines: [
          { lineId, quantity: 1 },
          { lineId, quantity: 1 },
        ],
        reason: 'damaged',
      },
      { lines: [{ lineId, quantity: 1 }], reason: 'damaged', note: 'x'.repeat(501) },
      { lines: [{ lineId, quantity: 1 }], reason: 'damaged', refund: 100 },
    ];
    for (const body of bad) {
      const answer = await send('POST', `/api/cart/order/${idPayment}/returns`, shopper.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknownLine = await ask(shopper.cookie, idPayment, '00000000-0000-4000-8000-000000000000', 1);
    expect(unknownLine.statusCode).toBe(409);
    expect(unknownLine.json().error.message).toBe(M.unknownLine);
    expect((await t.database.db.select().from(returnRequests)).length).toBe(before);
  });
});

describe('the staff deciding a return', () => {
  it('lists waiting requests first, 4 a page, searched by order id or email', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(2);
    await ask(shopper.cookie, idPayment, lineId, 2, { reason: 'damaged' });
    const found = await send('GET', `/api/admin/returns?q=${idPayment}&limit=4`, admin);
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-total-count']).toBe('1');
    expect(found.json()).toEqual([
      expect.objectContaining({
        idPayment,
        email: shopper.email,
        status: 'requested',
        reason: 'damaged',
        lines: [{ lineId, quantity: 2, name: 'Walker', size: '10' }],
        value: 100,
      }),
    ]);
    const byEmail = await send('GET', `/api/admin/returns?q=${encodeURIComponent(shopper.email)}`, admin);
    expect(byEmail.json()).toHaveLength(1);
    const page = await send('GET', '/api/admin/returns?limit=4', admin);
    expect(page.json().length).toBeLessThanOrEqual(4);
    const statuses = (await send('GET', '/api/admin/returns?limit=100', admin))
      .json()
      .map((row: { status: string }) => row.status);
    // Waiting requests first: once a decided one is listed, no waiting one follows.
    const firstDecided = statuses.findIndex((status: string) => status !== 'requested');
    expect(statuses[0]).toBe('requested');
    if (firstDecided !== -1) expect(statuses.slice(firstDecided)).not.toContain('requested');
  });

  it('approves with a refund at once when asked, the pairs back in stock; the buyer is mailed once', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(3);
    const asked = (await ask(shopper.cookie, idPayment, lineId, 2)).json();
    const id = asked.returns[0]._id as string;
    const before = await stock();
    const approved = await decide(id, { decision: 'approve', refundNow: true, restock: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: ADMIN.email, value: 100 });
    expect(await stock()).toBe(before + 2);
    const order = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(order.refunded).toBe(10_000);
    // The staff's reason is theirs: the buyer's view has none.
    expect(order.refunds).toEqual([
      expect.objectContaining({ amount: 10_000, status: 'succeeded', reason: null, restock: true }),
    ]);
    const staffView = (await send('GET', `/api/cart/order/${idPayment}`, admin)).json();
    expect(staffView.refunds[0].reason).toBe('Return: Wrong size');
    expect(order.returns[0]).toMatchObject({ status: 'approved', refundId: order.refunds[0]._id });
    // Pressed again: the same refund, not a second one.
    const again = await decide(id, { decision: 'approve', refundNow: true, restock: true });
    expect(again.statusCode).toBe(200);
    expect(refundsOf(idPayment)).toHaveLength(1);
    expect(await stock()).toBe(before + 2);
    const rejectLater = await decide(id, { decision: 'reject', message: 'Changed our mind' });
    expect(rejectLater.statusCode).toBe(409);
    expect(rejectLater.json().error.message).toBe(M.decided);
    const approvedMails = (await mailsTo(shopper.email)).filter((mail) =>
      mail.subject.includes('is approved'),
    );
    expect(approvedMails).toHaveLength(1);
    expect(approvedMails[0]!.text).toContain('$100');
    // The trail: asked by the shopper, approved by the administrator, with the refund between.
    const events = (await send('GET', `/api/cart/order/${idPayment}/events`, admin)).json();
    expect(events.map((event: { kind: string; actor: string }) => [event.kind, event.actor])).toEqual([
      ['status', ADMIN.email],
      ['return', shopper.email],
      ['refund', ADMIN.email],
      ['return', ADMIN.email],
    ]);
    expect(events[3].details).toMatchObject({ before: 'requested', after: 'approved' });
  });

  it('rejects with a message the shopper reads; those pairs may be asked again', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(1);
    const id = (await ask(shopper.cookie, idPayment, lineId, 1)).json().returns[0]._id as string;
    const rejected = await decide(id, { decision: 'reject', message: 'These were worn outdoors.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', message: 'These were worn outdoors.' });
    const mail = (await mailsTo(shopper.email)).find((sent) => sent.subject.startsWith('About your return'));
    expect(mail?.text).toContain('These were worn outdoors.');
    const order = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(order.returns[0]).toMatchObject({ status: 'rejected', message: 'These were worn outdoors.' });
    expect(order.refunded).toBe(0);
    expect((await decide(id, { decision: 'approve' })).statusCode).toBe(409);
    expect((await ask(shopper.cookie, idPayment, lineId, 1)).statusCode).toBe(201);
  });

  it('refuses bad decisions, unknown requests, and anyone but staff', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(1);
    const id = (await ask(shopper.cookie, idPayment, lineId, 1)).json().returns[0]._id as string;
    for (const body of [
      {},
      { decision: 'maybe' },
      { decision: 'reject' },
      { decision: 'reject', message: 'no' },
      { decision: 'reject', message: 'x'.repeat(501) },
      { decision: 'approve', restock: 'yes' },
      { decision: 'approve', amount: 5 },
      { decision: 'approve', refundNow: 'yes' },
      { decision: 'receive', restock: 1 },
      { decision: 'receive', message: 'Got them' },
    ]) {
      expect((await decide(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await decide(unknown, { decision: 'approve' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe(M.notFound);
    }
    expect((await decide(id, { decision: 'approve' }, shopper.cookie)).statusCode).toBe(403);
    expect((await decide(id, { decision: 'approve' }, '')).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/returns', shopper.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/returns?limit=0', admin)).statusCode).toBe(400);
    const still = await t.database.db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(still[0]!.status).toBe('requested');
  });

  it('ten staff approving at once refund the return exactly once', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(2);
    const id = (await ask(shopper.cookie, idPayment, lineId, 2)).json().returns[0]._id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => decide(id, { decision: 'approve', refundNow: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    // Asked of the provider perhaps more than once (an approval finding the refund still pending
    // confirms it), but always as the same refund: one idempotency key, one amount.
    const asked = refundsOf(idPayment);
    expect(new Set(asked.map((refund) => refund.idempotencyKey)).size).toBe(1);
    expect(new Set(asked.map((refund) => refund.amountCents))).toEqual(new Set([10_000]));
    const order = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(order.refunded).toBe(10_000);
    expect(order.refunds).toHaveLength(1);
  });

  it('a waiting return and ten asks at once never claim more pairs than were bought', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ask(shopper.cookie, idPayment, lineId, 1)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
  });

  it('after a provider timeout the approval stays pending, and approving again confirms it once', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(1);
    const id = (await ask(shopper.cookie, idPayment, lineId, 1)).json().returns[0]._id as string;
    provider.timeouts = 1;
    const timedOut = await decide(id, { decision: 'approve', refundNow: true });
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().error.message).toBe(MESSAGES.refunds.unconfirmed);
    const pending = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(pending.refunds).toEqual([expect.objectContaining({ status: 'pending', amount: 5000 })]);
    expect(pending.returns[0].status).toBe('approved');
    const retried = await decide(id, { decision: 'approve', refundNow: true });
    expect(retried.statusCode).toBe(200);
    expect(refundsOf(idPayment)).toHaveLength(1);
    const settled = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(settled.refunded).toBe(5000);
  });

  it('a refund the provider refuses puts the return back to waiting, to be decided again', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(1);
    const id = (await ask(shopper.cookie, idPayment, lineId, 1)).json().returns[0]._id as string;
    provider.refusals = 1;
    const refused = await decide(id, { decision: 'approve', refundNow: true });
    expect(refused.statusCode).toBe(409);
    const order = (await send('GET', `/api/cart/order/${idPayment}`, shopper.cookie)).json();
    expect(order.refunds).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(order.returns[0]).toMatchObject({ status: 'requested', refundId: null });
    const approved = await decide(id, { decision: 'approve', refundNow: true });
    expect(approved.statusCode).toBe(200);
    expect(refundsOf(idPayment)).toHaveLength(1);
  });

  it('steps back through the refund.failed event, once: the same event again leaves the later decision', async () => {
    const { shopper, idPayment, lineId } = await receivedOrder(1);
    const id = (await ask(shopper.cookie, idPayment, lineId, 1)).json().returns[0]._id as string;
    provider.refusals = 1;
    expect((await decide(id, { decision: 'approve', refundNow: true })).statusCode).toBe(409);
    const failedId = (await send('GET', `/api/cart/order/${idPayment}`, admin)).json().refunds[0]._id;
    // The refunds' writer announced the failure; the returns module stepped the return back.
    const [failed] = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'refund.failed'),
          sql`${domainEvents.payload} ->> 'refundId' = ${failedId}`,
        ),
      );
    expect(failed?.dispatchedAt).not.toBeNull();
    const trail = async () => (await send('GET', `/api/cart/order/${idPayment}/events`, admin)).json();
    const steppedBack = await trail();
    expect(steppedBack.at(-1)).toMatchObject({
      kind: 'return',
      actor: 'payment service',
      details: { before: 'approved', after: 'requested', refundFailed: true },
    });

    expect((await decide(id, { decision: 'approve', refundNow: true })).statusCode).toBe(200);
    const decided = (await send('GET', `/api/cart/order/${idPayment}`, admin)).json();
    const paidBack = decided.refunds.find((made: { status: string }) => made.status === 'succeeded');
    expect(decided.returns[0]).toMatchObject({ status: 'approved', refundId: paidBack._id });
    // Handed over again (as after a crash before its dispatch mark): the return names another refund now.
    await t.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null, claimedUntil: null, createdAt: sql`now() - interval '1 hour'` })
      .where(eq(domainEvents.id, failed!.id));
    await t.app.domainEvents.sweep();
    const [again] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, failed!.id));
    expect(again!.dispatchedAt, 'handed over again').not.toBeNull();
    const after = (await send('GET', `/api/cart/order/${idPayment}`, admin)).json();
    expect(after.returns[0]).toMatchObject({ status: 'approved', refundId: paidBack._id });
    expect(after.refunded).toBe(5000);
    expect(await trail()).toHaveLength(steppedBack.length + 2);
  });
});
