// One file because it is one scenario (a checkout load, SIGKILL, restart, the books audited) run on
// both databases, and its helpers serve that scenario alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { staffSignIn } from './support/staff.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { paymentMethodBody } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import {
  killServers,
  shopClient,
  startServer as startProcess,
  type ShopClient,
} from './support/server-process.js';

/**
 * The server killed with SIGKILL in the middle of a checkout load (issue 7,
 * item 4): `npm start` as a real process on a fresh, seeded store; shoppers
 * fire concurrent checkouts; the process dies mid-flight; it restarts on the
 * same data. Every order answered 200 must be there with its lines; for every
 * shoe and size, the stock taken must equal the units in order lines; no
 * order without lines, no negative stock; a checkout cut off by the crash,
 * retried with its Idempotency-Key, finishes (on PostgreSQL once the dead
 * process's claim has expired); and every key has the one order it was
 * answered 200 with, or none.
 *
 * On PGlite (the default) and on PostgreSQL (a fresh database on the
 * machine's server), side by side.
 */
const ADMIN = { email: 'owner@crash.test', password: 'crash-owner-password' };
const SHOPPERS = 4;
const CHECKOUTS = 40;
/** Fired in waves of 8, one wave every 50 ms: 40 checkouts in about a third of a second. */
const WAVE = 8;
const WAVE_SPACING_MS = 50;
/** Killed once this many have been answered, with the rest in flight or not sent yet. */
const KILL_AFTER_ANSWERS = 10;
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups) await cleanup();
});

/** A fresh, seeded store; the catalogue answering means the seed is in. */
const startServer = (env: Record<string, string>) =>
  startProcess(
    {
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      PAYMENTS: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every shopper of this test comes from 127.0.0.1: the per-address limits go by X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...env,
    },
    { readyPath: '/api/shoes?limit=1' },
  );
interface StockRow {
  shoeId: string;
  size: string;
  quantity: number;
}
interface CatalogShoe {
  _id: string;
  name: string;
  price: number;
  stock: { size: string; quantity: number }[];
}

async function catalogue(send: ShopClient): Promise<CatalogShoe[]> {
  const shoes: CatalogShoe[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await send('GET', `/api/shoes?limit=100&offset=${offset}`);
    expect(page.status).toBe(200);
    shoes.push(...(page.json() as CatalogShoe[]));
    if (shoes.length >= Number(page.headers.get('x-total-count'))) return shoes;
  }
}

/** What the database holds, read once the server is stopped (PGlite) or directly (PostgreSQL). */
interface Books {
  stock: StockRow[];
  orders: { id: string; key: string | null; lines: number }[];
  sold: Map<string, number>;
}

async function readBooks(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Books> {
  const stock = (await query('select shoe_id, size, quantity from stock_entries')).map((row) => ({
    shoeId: String(row.shoe_id),
    size: String(row.size),
    quantity: Number(row.quantity),
  }));
  const orders = (
    await query(
      'select o.id, o.idempotency_key, count(l.id) as lines from orders o ' +
        'left join order_lines l on l.order_id = o.id group by o.id, o.idempotency_key',
    )
  ).map((row) => ({
    id: String(row.id),
    key: row.idempotency_key === null ? null : String(row.idempotency_key),
    lines: Number(row.lines),
  }));
  const sold = new Map<string, number>();
  for (const row of await query(
    'select shoe_id, size, sum(quantity) as units from order_lines group by shoe_id, size',
  )) {
    sold.set(`${row.shoe_id}|${row.size}`, Number(row.units));
  }
  return { stock, orders, sold };
}

/** What a checkout was answered; `body` is undefined when the answer was not JSON. */
interface Answer {
  status: number;
  text: string;
  body: { order?: { _id: string; shoe: unknown[] }; error?: { message: string } } | undefined;
}

function answerOf(response: { status: number; text: string }): Answer {
  let body: Answer['body'];
  try {
    body = JSON.parse(response.text) as Answer['body'];
  } catch {
    body = undefined;
  }
  return { status: response.status, text: response.text, body };
}

/**
 * The request never got an answer because the connection went: refused, reset, or closed before
 * the whole answer came (undici's "fetch failed" and "terminated"). Anything else is not a cut.
 */
const isConnectionCut = (error: unknown) =>
  error instanceof TypeError && (error.message === 'fetch failed' || error.message === 'terminated');

/** Longer ago than any claim's lease: a claim dated then has run out. */
const LONG_AGO_MS = 24 * 60 * 60_000;

/**
 * On PostgreSQL a claim of the killed process is respected until its lease runs out (another
 * instance could still be working on it). Dates these claims back past their lease, as if its
 * minutes had passed, and answers how many claims were dated back.
 */
async function expireClaims(databaseUrl: string, keys: string[]): Promise<number> {
  const direct = new pg.Client({ connectionString: databaseUrl });
  await direct.connect();
  try {
    const expired = await direct.query(
      `update checkout_attempts
          set response_body = jsonb_set(coalesce(response_body, '{}'::jsonb), '{claimedAt}', to_jsonb($2::bigint))
        where key = any($1) and response_status is null`,
      [keys, Date.now() - LONG_AGO_MS],
    );
    return expired.rowCount ?? 0;
  } finally {
    await direct.end();
  }
}

async function crashDuringCheckouts(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-crash-${kind}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const database = await createDatabase('shop_crash');
    databaseUrl = database.url;
    env = { ...env, DATABASE_URL: databaseUrl };
    cleanups.push(database.drop);
  }

  // 1. A fresh, seeded store; a few shoppers, each card a payment method of its own.
  const first = await startServer(env);
  let send = shopClient(first.base);
  const shoes = await catalogue(send);
  const initial = new Map(
    shoes.flatMap((shoe) => shoe.stock.map((entry) => [`${shoe._id}|${entry.size}`, entry.quantity])),
  );
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const email = `crash.${kind}.${i}.${Date.now()}@example.com`;
      const signedUp = await send('POST', '/api/account/sign-up', { email, password: 'secret123' });
      expect(signedUp.status, signedUp.text).toBe(200);
      return { cookie: signedUp.cookie, email };
    }),
  );
  // A handful of sizes with little stock, so buyers also meet sold-out sizes.
  const wanted = shoes
    .flatMap((shoe) =>
      shoe.stock.filter((entry) => entry.quantity > 0).map((entry) => ({ shoe, size: entry.size })),
    )
    .slice(0, 12);
  const plans = await Promise.all(
    Array.from({ length: CHECKOUTS }, async (_, i) => {
      const shopper = shoppers[i % SHOPPERS]!;
      const method = await send('POST', '/api/payments/methods', paymentMethodBody(), shopper.cookie);
      expect(method.status, method.text).toBe(200);
      const picks = [wanted[i % wanted.length]!, wanted[(i * 7 + 3) % wanted.length]!];
      const lines = [...new Map(picks.map((pick) => [`${pick.shoe._id}|${pick.size}`, pick])).values()].map(
        (pick, n) => ({
          _id: pick.shoe._id,
          size: pick.size,
          quantity: 1 + ((i + n) % 2),
          price: pick.shoe.price,
        }),
      );
      return {
        shopper,
        key: `crash-${kind}-${String(i).padStart(4, '0')}`,
        body: {
          id: method.json().id as string,
          shoes: lines.map(({ _id, size, quantity }) => ({ _id, size, quantity })),
          amount: lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0),
        },
      };
    }),
  );

  // 2. The load, and SIGKILL in the middle of it.
  const outcomes: (Answer | 'cut' | 'pending')[] = plans.map(() => 'pending');
  /** Requests that failed other than by losing their connection: none may. */
  const failures: string[] = [];
  let killed = false;
  let inFlightAtKill = 0;
  const fired: Promise<void>[] = [];
  const answeredSoFar = () => outcomes.filter((outcome) => typeof outcome === 'object').length;
  const inFlight = () => outcomes.slice(0, fired.length).filter((outcome) => outcome === 'pending').length;
  const paidSoFar = () => outcomes.some((outcome) => typeof outcome === 'object' && outcome.status === 200);
  /**
   * Once enough were answered, one of them paid, the kill comes while others are still being
   * processed. On a busy machine the first answers may all be refusals (a size sold out answers
   * before a payment does): the scenario needs an order paid before the crash, so it waits for one.
   */
  const killIfTime = () => {
    if (killed || answeredSoFar() < KILL_AFTER_ANSWERS || !paidSoFar() || inFlight() === 0) return;
    killed = true;
    inFlightAtKill = inFlight();
    first.child.kill('SIGKILL');
  };
  for (const [i, plan] of plans.entries()) {
    if (killed) break;
    fired.push(
      send('POST', '/api/cart/checkout', plan.body, plan.shopper.cookie, {
        'idempotency-key': plan.key,
      }).then(
        (response) => {
          // Answered, whatever the answer: a body that is not JSON is checked below, not a cut.
          outcomes[i] = answerOf(response);
          killIfTime();
        },
        (error: unknown) => {
          if (isConnectionCut(error)) outcomes[i] = 'cut';
          else failures.push(`${plan.key}: ${String(error)}`);
        },
      ),
    );
    // A request just sent is being processed: if enough have been answered, now is the moment.
    await new Promise((resolve) => setTimeout(resolve, 2));
    killIfTime();
    if ((i + 1) % WAVE === 0) await new Promise((resolve) => setTimeout(resolve, WAVE_SPACING_MS));
  }
  if (!killed) {
    // All sent before enough were answered (a slow, busy machine): the kill comes once one is paid,
    // with the others still in flight.
    const deadline = Date.now() + 60_000;
    while (!paidSoFar() && inFlight() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    killed = true;
    inFlightAtKill = inFlight();
    first.child.kill('SIGKILL');
  }
  await Promise.all(fired);
  await first.exited;
  expect(failures, 'requests that failed other than by a cut connection').toEqual([]);
  const answered = outcomes.filter((outcome) => typeof outcome === 'object');
  // Before the kill: orders, or a clear refusal (a size sold out); never a server error, always JSON.
  for (const outcome of answered) {
    expect([200, 409], outcome.text).toContain(outcome.status);
    expect(outcome.body, `an answer that is not JSON: ${outcome.text.slice(0, 200)}`).toBeDefined();
  }
  const paid = outcomes.flatMap((outcome, i) =>
    typeof outcome === 'object' && outcome.status === 200
      ? [{ plan: plans[i]!, order: outcome.body!.order! }]
      : [],
  );

  // 3. Restart on the same data: every order answered 200 is there, with its lines.
  const second = await startServer(env);
  send = shopClient(second.base);
  const ownerCookie = await staffSignIn(send, ADMIN);
  const committedAfterRestart = Number(
    (await send('GET', '/api/cart?limit=1', undefined, ownerCookie)).headers.get('x-total-count'),
  );
  for (const { plan, order } of paid) {
    const found = await send('GET', `/api/cart/order/${order._id}`, undefined, plan.shopper.cookie);
    expect(found.status).toBe(200);
    expect(found.json()).toEqual(order);
  }
  // The checkouts the crash cut off, retried with their keys: each ends with an order or a
  // sold-out refusal (checked against the orders per key in step 4).
  const retried: Record<string, number> = {};
  /** The answer each cut checkout ended with, by plan. */
  const settled = new Map<number, Answer>();
  const again = (i: number) => {
    const plan = plans[i]!;
    return send('POST', '/api/cart/checkout', plan.body, plan.shopper.cookie, {
      'idempotency-key': plan.key,
    });
  };
  const stillProcessing = (answer: Answer) =>
    answer.status === 409 && answer.body?.error?.message === 'This checkout is still being processed.';
  const expectFinished = (answer: Answer, key: string) => {
    expect([200, 409], `${key}: ${answer.text}`).toContain(answer.status);
    if (answer.status === 409) expect(answer.body?.error?.message, key).toMatch(/out of stock/);
  };
  /** Cut checkouts whose claim the killed process still holds (PostgreSQL: until its lease runs out). */
  const held: number[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome !== 'cut') continue;
    let retry = answerOf(await again(i));
    // "Still being processed" means: ask again. On PGlite (one process) the restarted server
    // settles the dead one's attempts at once (start-up sweep or this retry); on PostgreSQL,
    // where another instance could still be working on them, only once their claim expires.
    for (let tries = 0; kind === 'pglite' && stillProcessing(retry) && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retry = answerOf(await again(i));
    }
    const reason = retry.status === 200 ? 'ordered' : (retry.body?.error?.message ?? retry.text);
    retried[reason] = (retried[reason] ?? 0) + 1;
    if (kind === 'postgres' && stillProcessing(retry)) {
      held.push(i);
      continue;
    }
    expectFinished(retry, plans[i]!.key);
    settled.set(i, retry);
  }
  // On PostgreSQL the crash must leave claims of the dead process to expire, or the expiry path
  // below never runs and the test proves nothing about it.
  if (kind === 'postgres')
    expect(held.length, 'cut checkouts still claimed by the killed process').toBeGreaterThan(0);
  // Once those claims have expired, a retry finishes each of them.
  const retriedAfterExpiry: Record<string, number> = {};
  if (held.length > 0) {
    const keys = held.map((i) => plans[i]!.key);
    expect(await expireClaims(databaseUrl!, keys), 'claims dated back').toBe(keys.length);
    for (const i of held) {
      const retry = answerOf(await again(i));
      const reason = retry.status === 200 ? 'ordered' : (retry.body?.error?.message ?? retry.text);
      retriedAfterExpiry[reason] = (retriedAfterExpiry[reason] ?? 0) + 1;
      expectFinished(retry, plans[i]!.key);
      settled.set(i, retry);
    }
  }
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  // 4. The books, read from the database itself.
  let books: Books;
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      books = await readBooks(
        async (text) => (await handle.pglite!.query<Record<string, unknown>>(text)).rows,
      );
    } finally {
      await handle.close();
    }
  } else {
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    try {
      books = await readBooks(async (text) => (await direct.query(text)).rows);
    } finally {
      await direct.end();
    }
  }
  for (const { order } of paid) expect(books.orders.some((row) => row.id === order._id)).toBe(true);
  expect(books.orders.filter((order) => order.lines === 0)).toEqual([]);
  // Orders per key: the order a checkout was answered 200 with, and no other; none for a checkout
  // refused (sold out) or never sent. A cut checkout counts by the answer its retry ended with.
  const ordersByKey = new Map<string, string[]>();
  for (const order of books.orders) {
    if (order.key !== null) ordersByKey.set(order.key, [...(ordersByKey.get(order.key) ?? []), order.id]);
  }
  for (const [i, plan] of plans.entries()) {
    const outcome = outcomes[i]!;
    const answer = outcome === 'cut' ? settled.get(i) : outcome === 'pending' ? undefined : outcome;
    if (outcome === 'cut') expect(answer, `${plan.key}: cut, and never settled by a retry`).toBeDefined();
    const expected = answer?.status === 200 ? [answer.body!.order!._id] : [];
    expect(ordersByKey.get(plan.key) ?? [], `orders of ${plan.key}`).toEqual(expected);
  }
  for (const entry of books.stock) {
    const where = `${entry.shoeId}|${entry.size}`;
    expect(entry.quantity, where).toBeGreaterThanOrEqual(0);
    expect(initial.get(where)! - entry.quantity, `stock taken for ${where}`).toBe(books.sold.get(where) ?? 0);
  }

  const figures = {
    database: kind,
    fired: fired.length,
    answered: answered.length,
    answered200: paid.length,
    answered409: answered.filter((outcome) => outcome.status === 409).length,
    cutByKill: outcomes.filter((outcome) => outcome === 'cut').length,
    inFlightAtKill,
    committedAfterRestart,
    committedUnanswered: committedAfterRestart - paid.length,
    retried: JSON.stringify(retried),
    retriedAfterExpiry: JSON.stringify(retriedAfterExpiry),
    ordersAtEnd: books.orders.length,
    unitsSold: [...books.sold.values()].reduce((sum, units) => sum + units, 0),
  };
  console.log(`[checkout-crash] ${JSON.stringify(figures)}`);
  // The crash really cut checkouts in flight, and orders committed before it survived it.
  expect(figures.cutByKill).toBeGreaterThan(0);
  expect(committedAfterRestart).toBeGreaterThanOrEqual(paid.length);
  return figures;
}

describe('SIGKILL in the middle of a checkout load', () => {
  it.concurrent.each([['pglite' as const], ['postgres' as const]])(
    'on %s: committed orders survive, stock matches orders, retries never order twice',
    { timeout: 180_000 },
    async (kind) => {
      const figures = await crashDuringCheckouts(kind);
      expect(figures.answered200).toBeGreaterThan(0);
    },
  );
});
