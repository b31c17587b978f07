// One file because every scenario drives the same Stripe stand-in and ends with the same checks
// (expectBooksBalance, expectOneChargeOneOrder), and their figures are printed as one table at the end.
import { MESSAGES } from '../../../src/domain/messages.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutAttempts, orderLines, orders, stockEntries } from '../../../src/server/db/schema.js';
import type * as ReconcilerModule from '../../../src/server/modules/checkout/reconciler.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import {
  startStripeStandIn,
  type StandInFault,
  type StandInIntent,
  type StandInOperation,
} from '../support/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Payment faults (issue 7, item 4): the Stripe provider against a local
 * stand-in of Stripe's API that times out, answers 500, drops the connection,
 * or charges and answers after the shop gave up. After each fault, and after
 * a retry with the same Idempotency-Key, the books must balance: no order
 * without a captured, unrefunded payment; no such payment without an order;
 * stock taken only by orders; one charge and one order per checkout, never two.
 *
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (CI's second run).
 */
/**
 * The app's background reconciliation, observed: each time it has reconciled an attempt (a timer
 * after an unconfirmed payment, or a sweep), and the means to reconcile one now. The wrapper
 * passes every call through unchanged.
 */
const reconciliation = vi.hoisted(() => ({
  runs: [] as { key: string; settled: boolean }[],
  reconcile: undefined as ((key: string) => Promise<boolean>) | undefined,
}));
vi.mock('../../../src/server/modules/checkout/reconciler.js', async (importOriginal) => {
  const original = await importOriginal<typeof ReconcilerModule>();
  return {
    ...original,
    createReconciler(options: ReconcilerModule.ReconcilerOptions) {
      const reconcile = async (key: string) => {
        const settled = await options.reconcile(key);
        reconciliation.runs.push({ key, settled });
        return settled;
      };
      reconciliation.reconcile = reconcile;
      return original.createReconciler({ ...options, reconcile });
    },
  };
});

const SDK_TIMEOUT_MS = 1_000;
const HOLD_MS = SDK_TIMEOUT_MS + 1_500;
const INITIAL_STOCK = 40;
const PRICE_CENTS = 10_000;

let t: TestApp;
let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let shoeId: string;
let shopper: Awaited<ReturnType<typeof signUp>>;
let methods = 0;
const figures: Record<string, unknown>[] = [];

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_API_URL: stand.url,
    STRIPE_TIMEOUT_MS: SDK_TIMEOUT_MS,
    STRIPE_MAX_NETWORK_RETRIES: 1,
  });
  expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Fault Runner', brand: 'Velo', color: 'Grey', price: 100, sizes: [['9', INITIAL_STOCK]] }],
  );
  shoeId = shoeIds.get('Fault Runner')!;
  shopper = await signUp(t.app);
});
afterAll(async () => {
  console.log(`[payment-faults] database: ${t?.database.kind}`);
  console.table(figures);
  console.log(
    `[payment-faults] faults injected: ${stand?.injected.length} ` +
      `(${[...new Set(stand?.injected.map((f) => `${f.fault}@${f.operation}`))].join(', ')})`,
  );
  await t?.close();
  await stand?.close();
});

/** A fresh Stripe test payment method per checkout: a payment method pays for one order only. */
const nextMethod = () => `pm_card_visa_${++methods}`;

const checkout = (key: string, method: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    payload: { id: method, shoes: [{ _id: shoeId, size: '9', quantity: 1 }], amount: PRICE_CENTS },
    headers: { cookie: shopper.cookie, origin: TEST_ORIGIN, 'idempotency-key': key },
  });

async function stock(): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(eq(stockEntries.shoeId, shoeId));
  return row!.quantity;
}

/** The stand-in's intents for one checkout (every generation of its key). */
const intentsOf = (key: string): StandInIntent[] =>
  stand
    .ledger()
    .filter(
      (intent) => intent.metadata.checkoutKey === key || intent.metadata.checkoutKey?.startsWith(`${key}:g`),
    );
const capturedOf = (key: string) =>
  intentsOf(key).filter((intent) => intent.status === 'succeeded' && !intent.refunded);
const ordersOf = async (key: string) =>
  t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));

/** The database and the stand-in's ledger agree, whatever happened. */
async function expectBooksBalance(when: string): Promise<void> {
  const db = t.database.db;
  const orderRows = await db.select({ id: orders.id, idPayment: orders.idPayment }).from(orders);
  const lines = await db
    .select({ orderId: orderLines.orderId, quantity: orderLines.quantity })
    .from(orderLines);
  const captured = new Set(stand.capturedUnrefunded().map((intent) => intent.id));
  const paidFor = new Set(orderRows.map((order) => order.idPayment));
  for (const order of orderRows) {
    expect(captured.has(order.idPayment), `${when}: order ${order.id} has no captured payment`).toBe(true);
    expect(
      lines.some((line) => line.orderId === order.id),
      `${when}: order ${order.id} has no lines`,
    ).toBe(true);
  }
  for (const id of captured) expect(paidFor.has(id), `${when}: payment ${id} has no order`).toBe(true);
  const sold = lines.reduce((sum, line) => sum + line.quantity, 0);
  expect(INITIAL_STOCK - (await stock()), `${when}: stock taken = units ordered`).toBe(sold);
}

/** Every checkout ends with one charge and one order, or none and no charge; never two. */
async function expectOneChargeOneOrder(key: string, idPayment?: string): Promise<void> {
  const captured = capturedOf(key);
  const kept = await ordersOf(key);
  expect(captured).toHaveLength(1);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.idPayment).toBe(captured[0]!.id);
  if (idPayment) expect(kept[0]!.idPayment).toBe(idPayment);
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

interface Scenario {
  name: string;
  key: string;
  faults: [StandInFault, StandInOperation[], number][];
}

/** Injects the faults, checks out once, and returns the answer with how long it took. */
async function underFault({ key, faults }: Scenario, method = nextMethod()) {
  for (const [fault, on, times] of faults) stand.inject(fault, on, times, HOLD_MS);
  const started = Date.now();
  const response = await checkout(key, method);
  const ms = Date.now() - started;
  stand.heal();
  return { response, ms, method };
}

function record(scenario: Scenario, first: { response: { statusCode: number }; ms: number }, extra = {}) {
  const intents = intentsOf(scenario.key);
  figures.push({
    fault: scenario.name,
    answer: first.response.statusCode,
    ms: first.ms,
    intents: intents.length,
    captured: intents.filter((intent) => intent.status === 'succeeded').length,
    refunded: intents.filter((intent) => intent.refunded).length,
    canceled: intents.filter((intent) => intent.status === 'canceled').length,
    ...extra,
  });
}

describe('the payment provider fails: the books still balance', () => {
  it('a single timeout is retried by the SDK with the same idempotency key: one charge, one order', async () => {
    const scenario: Scenario = {
      name: 'timeout once (confirm)',
      key: 'fault-timeout-once-0001',
      faults: [['timeout', ['confirm'], 1]],
    };
    const first = await underFault(scenario);
    expect(first.response.statusCode, first.response.body).toBe(200);
    const confirmations = stand.requests.filter(
      (request) => request.idempotencyKey === `${scenario.key}:confirm`,
    );
    expect(confirmations).toHaveLength(2);
    await expectOneChargeOneOrder(scenario.key, first.response.json().order.idPayment);
    await expectBooksBalance(scenario.name);
    record(scenario, first, { orders: (await ordersOf(scenario.key)).length });
  });

  const notCharged: [string, Scenario, number, string, string][] = [
    [
      'times out on every try',
      {
        name: 'timeout (confirm, all tries)',
        key: 'fault-timeout-0002',
        faults: [['timeout', ['confirm'], 2]],
      },
      504,
      'payment_timeout',
      MESSAGES.checkout.providerTimeout,
    ],
    [
      'answers 500 on every try',
      {
        name: '500 (confirm, all tries)',
        key: 'fault-500-0003',
        faults: [['server-error', ['confirm'], 2]],
      },
      502,
      'provider_unavailable',
      MESSAGES.checkout.providerUnavailable,
    ],
    [
      'resets the connection on every try',
      { name: 'connection reset (confirm)', key: 'fault-reset-0004', faults: [['reset', ['confirm'], 2]] },
      502,
      'provider_unavailable',
      MESSAGES.checkout.providerUnavailable,
    ],
    [
      'cannot even create the payment',
      { name: 'timeout (create)', key: 'fault-create-0005', faults: [['timeout', ['create'], 2]] },
      504,
      'payment_timeout',
      MESSAGES.checkout.providerTimeout,
    ],
  ];

  it.each(notCharged)(
    'when Stripe %s: a clear error, nothing charged, stock back; the same key then pays once',
    async (_what, scenario, status, code, message) => {
      const stockBefore = await stock();
      const first = await underFault(scenario);
      expect(first.response.statusCode, first.response.body).toBe(status);
      expect(first.response.json()).toEqual({ error: { code, message } });
      expect(first.response.body).not.toMatch(/stack|Stripe\w*Error|at \//);
      expect(await stock()).toBe(stockBefore);
      expect(capturedOf(scenario.key)).toHaveLength(0);
      expect(await ordersOf(scenario.key)).toHaveLength(0);
      await expectBooksBalance(`${scenario.name}, after the fault`);

      // The stored 5xx does not block the retry: the same key goes through once the provider is back.
      const retry = await checkout(scenario.key, first.method);
      expect(retry.statusCode, retry.body).toBe(200);
      await expectOneChargeOneOrder(scenario.key, retry.json().order.idPayment);
      const again = await checkout(scenario.key, first.method);
      expect(again.json()).toEqual(retry.json());
      await expectOneChargeOneOrder(scenario.key);
      await expectBooksBalance(`${scenario.name}, after the retry`);
      record(scenario, first, { retry: retry.statusCode, orders: (await ordersOf(scenario.key)).length });
    },
  );

  it('charges and answers after the shop gave up: the shop finds the payment and keeps the order', async () => {
    // The first confirmation succeeds at Stripe but its answer comes too late; the SDK's retry times out too.
    const scenario: Scenario = {
      name: 'success after the client gave up',
      key: 'fault-late-0006',
      faults: [
        ['late-success', ['confirm'], 1],
        ['timeout', ['confirm'], 1],
      ],
    };
    const requestsBefore = stand.requests.length;
    const first = await underFault(scenario);
    expect(first.response.statusCode, first.response.body).toBe(200);
    // The shop tried to cancel this checkout's payment (which had gone through): requests of this case only.
    const cancels = new Set(
      intentsOf(scenario.key).map((intent) => `/v1/payment_intents/${intent.id}/cancel`),
    );
    expect(
      stand.requests.slice(requestsBefore).filter((request) => cancels.has(request.path)),
    ).not.toHaveLength(0);
    await expectOneChargeOneOrder(scenario.key, first.response.json().order.idPayment);
    await expectBooksBalance(scenario.name);
    const retry = await checkout(scenario.key, first.method);
    expect(retry.json()).toEqual(first.response.json());
    await expectOneChargeOneOrder(scenario.key);
    record(scenario, first, { retry: retry.statusCode, orders: (await ordersOf(scenario.key)).length });
  });

  it('charges, then answers 500 and replays that 500 for the key: settled as paid, one order', async () => {
    const scenario: Scenario = {
      name: 'charged, 500 stored for the key',
      key: 'fault-stored-500-0007',
      faults: [['success-then-500', ['confirm'], 1]],
    };
    const first = await underFault(scenario);
    expect(first.response.statusCode, first.response.body).toBe(200);
    await expectOneChargeOneOrder(scenario.key, first.response.json().order.idPayment);
    await expectBooksBalance(scenario.name);
    record(scenario, first, { orders: (await ordersOf(scenario.key)).length });
  });

  it('charges after the shop gave up and stays unreachable: 504, then the charge is refunded in the background', async () => {
    const scenario: Scenario = {
      name: 'late success, provider then down',
      key: 'fault-unconfirmed-0008',
      faults: [
        ['late-success', ['confirm'], 1],
        ['timeout', ['confirm'], 1],
        ['server-error', ['cancel', 'retrieve'], 4],
      ],
    };
    const stockBefore = await stock();
    const first = await underFault(scenario);
    expect(first.response.statusCode, first.response.body).toBe(504);
    expect(first.response.json()).toEqual({
      error: { code: 'payment_unconfirmed', message: MESSAGES.checkout.paymentUnconfirmed },
    });
    expect(await stock()).toBe(stockBefore);
    expect(await ordersOf(scenario.key)).toHaveLength(0);
    // Money moved and no order holds it, for now: reconciliation gives it back.
    expect(capturedOf(scenario.key)).toHaveLength(1);
    const [attempt] = await t.database.db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.key, scenario.key));
    expect(attempt!.responseStatus).toBe(504);
    const reconciledInMs = await waitFor(() => capturedOf(scenario.key).length === 0, 15_000);
    expect(intentsOf(scenario.key)[0]).toMatchObject({ status: 'succeeded', refunded: true });
    await expectBooksBalance(`${scenario.name}, after reconciliation`);

    // The same key then pays once, with a new payment (the refunded one is never reused).
    const retry = await checkout(scenario.key, first.method);
    expect(retry.statusCode, retry.body).toBe(200);
    await expectOneChargeOneOrder(scenario.key, retry.json().order.idPayment);
    expect(intentsOf(scenario.key)).toHaveLength(2);
    await expectBooksBalance(`${scenario.name}, after the retry`);
    record(scenario, first, { reconciledInMs, retry: retry.statusCode, orders: 1 });
  });

  it('the same, retried at once: the retry finds the charge and keeps it, never charging twice', async () => {
    const scenario: Scenario = {
      name: 'late success, retried at once',
      key: 'fault-unconfirmed-retry-0009',
      faults: [
        ['late-success', ['confirm'], 1],
        ['timeout', ['confirm'], 1],
        ['server-error', ['cancel', 'retrieve'], 4],
      ],
    };
    const first = await underFault(scenario);
    expect(first.response.statusCode, first.response.body).toBe(504);
    // Whoever comes first, the shopper's retry or the reconciliation, there is one charge and one order.
    const retry = await checkout(scenario.key, first.method);
    expect(retry.statusCode, retry.body).toBe(200);
    await expectOneChargeOneOrder(scenario.key, retry.json().order.idPayment);
    // The reconciliation the 504 scheduled has run and found the attempt settled (it asks no more)...
    const reconciledInMs = await waitFor(
      () => reconciliation.runs.some((run) => run.key === scenario.key && run.settled),
      15_000,
    );
    await expectOneChargeOneOrder(scenario.key, retry.json().order.idPayment);
    // ...and reconciling it again, now that the retry has kept the charge, changes nothing.
    expect(await reconciliation.reconcile!(scenario.key)).toBe(true);
    await expectOneChargeOneOrder(scenario.key, retry.json().order.idPayment);
    await expectBooksBalance(scenario.name);
    record(scenario, first, {
      reconciledInMs,
      retry: retry.statusCode,
      orders: 1,
      keptFirstCharge: retry.json().order.idPayment === intentsOf(scenario.key)[0]!.id,
    });
  });

  it('a declined card stays a final answer for its key', async () => {
    const response = await checkout('fault-declined-0010', 'pm_card_chargeDeclined');
    expect(response.statusCode).toBe(402);
    const retry = await checkout('fault-declined-0010', 'pm_card_chargeDeclined');
    expect(retry.statusCode).toBe(402);
    expect(retry.json()).toEqual(response.json());
    expect(
      stand.requests.filter((request) => request.idempotencyKey === 'fault-declined-0010:confirm'),
    ).toHaveLength(1);
    await expectBooksBalance('declined');
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.idempotencyKey, 'fault-declined-0010'));
    expect(counted!.n).toBe(0);
  });
});
