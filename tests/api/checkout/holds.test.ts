// One file because its scenarios share one gate on the test processor (a capture parked before or
// after it charges, as if the process died there) and end with the same books checks.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import {
  checkoutAttempts,
  checkoutHolds,
  discountCodes,
  discountRedemptions,
  orderLines,
  orders,
  stockEntries,
} from '../../../src/server/db/schema.js';
import type * as ReconcilerModule from '../../../src/server/modules/checkout/reconciler.js';
import type * as TestPaymentProvider from '../../../src/server/payments/test-payment-provider.js';
import { DECLINED_CARD_NUMBER, paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Reserve, charge, confirm (docs/decisions/031): the checkout holds the stock and the code's use in a
 * short transaction, charges with no transaction open, then turns the hold into the order or releases
 * it. Here the process "dies" between reserve and charge, and between charge and confirm: its capture
 * is parked at the test processor and its claim dated back past its lease, as a dead process's would
 * be; reconciliation then settles the hold (released, or kept as the order when the money moved),
 * never oversells and never leaves a charge without an order. A refused card gives the stock and the
 * code's use back at once; a hold past its expiry is given back exactly once, however many
 * reconcilers sweep at the same moment.
 *
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (CI's second run).
 */
const gate = vi.hoisted(() => ({
  /** Where the next capture parks: before it charges, or after (charged, its answer not back). */
  next: undefined as 'before' | 'after' | undefined,
  parked: [] as { release: () => void }[],
  captured: new Set<string>(),
  refunded: new Set<string>(),
}));

vi.mock('../../../src/server/payments/test-payment-provider.js', async (importOriginal) => {
  const original = await importOriginal<typeof TestPaymentProvider>();
  const park = () =>
    new Promise<void>((release) => {
      gate.parked.push({ release });
    });
  return {
    ...original,
    createTestPaymentProvider(...args: Parameters<typeof original.createTestPaymentProvider>) {
      const real = original.createTestPaymentProvider(...args);
      return {
        ...real,
        async charge(request: Parameters<typeof real.charge>[0]) {
          const where = gate.next;
          gate.next = undefined;
          if (where === 'before') await park();
          const charge = await real.charge(request);
          gate.captured.add(charge.id);
          if (where === 'after') await park();
          return charge;
        },
        async refund(chargeId: string) {
          gate.refunded.add(chargeId);
          return real.refund(chargeId);
        },
      };
    },
  };
});

/** The app's reconciliation, so a test can sweep now (what a restarted or another instance does). */
const reconcilers = vi.hoisted(() => ({ sweeps: [] as (() => Promise<number>)[] }));
vi.mock('../../../src/server/modules/checkout/reconciler.js', async (importOriginal) => {
  const original = await importOriginal<typeof ReconcilerModule>();
  return {
    ...original,
    createReconciler(options: ReconcilerModule.ReconcilerOptions) {
      const reconciler = original.createReconciler(options);
      reconcilers.sweeps.push(reconciler.sweep);
      return reconciler;
    },
  };
});

const PAIRS = 10;
let t: TestApp;
let shoeId: string;
let codeId: string;
const send = createSender(() => t.app, 93);

beforeAll(async () => {
  t = await createTestApp();
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [{ name: 'Held Runner', brand: 'Stride', color: 'Red', price: 100, sizes: [['9', PAIRS]] }],
  );
  shoeId = shoeIds.get('Held Runner')!;
  const [code] = await t.database.db
    .insert(discountCodes)
    .values({ code: 'HOLDTEN', kind: 'percent', percent: 10, target: 'cart', maxUses: 100 })
    .returning({ id: discountCodes.id });
  codeId = code!.id;
});
afterAll(async () => {
  gate.parked.forEach((parked) => parked.release());
  await t?.close();
});

async function shopper(card: Parameters<typeof paymentMethodBody>[0] = {}) {
  const { cookie } = await signUp(t.app);
  const method = await send('POST', '/api/payments/methods', cookie, paymentMethodBody(card));
  expect(method.statusCode, method.body).toBe(200);
  return { cookie, methodId: method.json().id as string };
}

const checkout = (buyer: { cookie: string; methodId: string }, key: string) =>
  send(
    'POST',
    '/api/cart/checkout',
    buyer.cookie,
    { id: buyer.methodId, shoes: [{ _id: shoeId, size: '9', quantity: 1 }], amount: 9_000, code: 'HOLDTEN' },
    { 'idempotency-key': key },
  );

const db = () => t.database.db;
const pairsLeft = async () =>
  (await db().select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId)))[0]!.quantity;
const codeUses = async () =>
  (await db().select().from(discountCodes).where(eq(discountCodes.id, codeId)))[0]!.uses;
const holdsOf = (key: string) => db().select().from(checkoutHolds).where(eq(checkoutHolds.attemptKey, key));
const ordersOf = (key: string) => db().select().from(orders).where(eq(orders.idempotencyKey, key));
const attemptOf = async (key: string) =>
  (await db().select().from(checkoutAttempts).where(eq(checkoutAttempts.key, key)))[0]!;

/** Waits until a capture is parked at the gate (the checkout is between two of its steps). */
async function parkedCheckout(where: 'before' | 'after', send: () => Promise<unknown>) {
  const before = gate.parked.length;
  gate.next = where;
  const answer = send();
  for (let i = 0; gate.parked.length === before; i++) {
    if (i > 2_000) throw new Error('the capture never reached the gate');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { answer, release: () => gate.parked[before]!.release() };
}

/** The process that claimed `key` is gone: its claim dated back past its lease, as if minutes had passed. */
async function claimOutlived(key: string) {
  await db()
    .update(checkoutAttempts)
    .set({
      responseBody: sql`jsonb_set(${checkoutAttempts.responseBody}, '{claimedAt}', to_jsonb(${Date.now() - 24 * 3_600_000}::bigint))`,
    })
    .where(eq(checkoutAttempts.key, key));
}

/** Every order has its capture, not refunded; every capture not refunded has its order; stock taken = units ordered. */
async function expectBooksBalance() {
  const kept = await db().select({ idPayment: orders.idPayment }).from(orders);
  const paid = new Set(kept.map((order) => order.idPayment));
  for (const order of kept) {
    expect(gate.captured.has(order.idPayment)).toBe(true);
    expect(gate.refunded.has(order.idPayment)).toBe(false);
  }
  for (const id of gate.captured)
    if (!gate.refunded.has(id)) expect(paid.has(id), `capture ${id}`).toBe(true);
  const [sold] = await db()
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
    .from(orderLines)
    .where(eq(orderLines.shoeId, shoeId));
  const [held] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(checkoutHolds)
    .where(eq(checkoutHolds.status, 'held'));
  expect(held!.n, 'holds still held').toBe(0);
  expect(PAIRS - (await pairsLeft()), 'pairs taken = pairs ordered').toBe(sold!.units);
  const [redeemed] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, codeId));
  expect(await codeUses(), 'code uses = orders with the code').toBe(redeemed!.n);
}

describe('reserve, charge, confirm', () => {
  it('a refused card gives the stock and the code’s use back at once', async () => {
    const buyer = await shopper({ number: DECLINED_CARD_NUMBER });
    const [pairs, uses] = [await pairsLeft(), await codeUses()];
    const refused = await checkout(buyer, 'hold-declined-1');
    expect(refused.statusCode, refused.body).toBe(402);
    expect(await pairsLeft()).toBe(pairs);
    expect(await codeUses()).toBe(uses);
    expect((await holdsOf('hold-declined-1')).map((hold) => hold.status)).toEqual(['released']);
    await expectBooksBalance();
  });

  it('the pairs and the code’s use leave the counts while the provider answers, and become the order', async () => {
    const buyer = await shopper();
    const [pairs, uses] = [await pairsLeft(), await codeUses()];
    const parked = await parkedCheckout('before', () => checkout(buyer, 'hold-paid-1'));
    // Held: nobody else can buy this pair while its card is charged, and no transaction is open.
    expect(await pairsLeft()).toBe(pairs - 1);
    expect(await codeUses()).toBe(uses + 1);
    expect((await holdsOf('hold-paid-1')).map((hold) => hold.status)).toEqual(['held']);
    parked.release();
    const paid = (await parked.answer) as Awaited<ReturnType<typeof checkout>>;
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await pairsLeft()).toBe(pairs - 1);
    const [hold] = await holdsOf('hold-paid-1');
    expect(hold).toMatchObject({ status: 'confirmed', order: null });
    await expectBooksBalance();
  });

  it('a crash between reserve and charge: reconciliation releases the hold, nothing charged, and the same key then pays once', async () => {
    const buyer = await shopper();
    const key = 'hold-crash-before-charge';
    const [pairs, uses] = [await pairsLeft(), await codeUses()];
    const parked = await parkedCheckout('before', () => checkout(buyer, key));
    expect(await pairsLeft()).toBe(pairs - 1);
    await claimOutlived(key);

    await reconcilers.sweeps[0]!();
    expect(await pairsLeft()).toBe(pairs);
    expect(await codeUses()).toBe(uses);
    expect((await holdsOf(key)).map((hold) => hold.status)).toEqual(['released']);
    expect((await attemptOf(key)).responseStatus).toBe(502);

    // The "dead" process's capture finally goes: its payment was cancelled, so nothing is charged.
    parked.release();
    const late = (await parked.answer) as Awaited<ReturnType<typeof checkout>>;
    expect(late.statusCode).not.toBe(200);
    expect(await ordersOf(key)).toEqual([]);
    expect(await pairsLeft()).toBe(pairs);
    await expectBooksBalance();

    const retry = await checkout(buyer, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await ordersOf(key)).toHaveLength(1);
    expect(await pairsLeft()).toBe(pairs - 1);
    expect(await codeUses()).toBe(uses + 1);
    await expectBooksBalance();
  });

  it('a crash between charge and confirm: reconciliation keeps the paid hold as the order, once', async () => {
    const buyer = await shopper();
    const key = 'hold-crash-after-charge';
    const [pairs, uses] = [await pairsLeft(), await codeUses()];
    const parked = await parkedCheckout('after', () => checkout(buyer, key));
    expect(await pairsLeft()).toBe(pairs - 1);
    await claimOutlived(key);

    await reconcilers.sweeps[0]!();
    const [order] = await ordersOf(key);
    expect(order, 'the order kept by reconciliation').toBeDefined();
    expect(gate.captured.has(order!.idPayment)).toBe(true);
    expect(await pairsLeft()).toBe(pairs - 1);
    expect(await codeUses()).toBe(uses + 1);
    expect((await holdsOf(key)).map((hold) => hold.status)).toEqual(['confirmed']);
    expect((await attemptOf(key)).responseStatus).toBe(200);

    // The "dead" process comes back: its claim is gone, it records nothing.
    parked.release();
    const late = (await parked.answer) as Awaited<ReturnType<typeof checkout>>;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.checkout.inProgress);
    // The shopper's retry gets the order reconciliation kept.
    const retry = await checkout(buyer, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().order._id).toBe(order!.id);
    expect(await ordersOf(key)).toHaveLength(1);
    expect(await pairsLeft()).toBe(pairs - 1);
    await expectBooksBalance();
  });

  it('a hold past its expiry whose release failed is given back exactly once by reconcilers sweeping at once', async () => {
    const buyer = await shopper();
    const key = 'hold-expired';
    const [pairs, uses] = [await pairsLeft(), await codeUses()];
    const parked = await parkedCheckout('before', () => checkout(buyer, key));
    // The try answered 500 without releasing (the database went away a moment): only the hold's expiry finds it.
    await db()
      .update(checkoutAttempts)
      .set({ responseStatus: 500, responseBody: { generation: 2 } })
      .where(eq(checkoutAttempts.key, key));
    await db()
      .update(checkoutHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(checkoutHolds.attemptKey, key), eq(checkoutHolds.status, 'held')));
    expect(await pairsLeft()).toBe(pairs - 1);

    const sweep = reconcilers.sweeps[0]!;
    await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    expect(await pairsLeft()).toBe(pairs);
    expect(await codeUses()).toBe(uses);
    expect((await holdsOf(key)).map((hold) => hold.status)).toEqual(['released']);

    parked.release();
    await parked.answer;
    expect(await pairsLeft()).toBe(pairs);
    expect(await ordersOf(key)).toEqual([]);
    await expectBooksBalance();
  });
});
