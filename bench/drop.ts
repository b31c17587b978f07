/**
 * `npm run bench -- --scenario drop [--shoppers N]`: a first-come drop of 50 pairs (five sizes of ten)
 * on PostgreSQL and Redis with two server processes (bench/instances.ts), and 2,000 virtual shoppers
 * (unless told) arriving uniformly over 10 seconds, the drop opening 5 seconds into them: the first
 * half join early and are shuffled at the opening, the rest queue in order (docs/decisions/034).
 * Places are let in 600 a minute, each with 5 minutes to pay; the test processor answers each
 * capture after 300 ms, as a real provider does.
 *
 * Before the clock starts, every shopper has an account with a confirmed email, a session, a card
 * of their own (saved through `POST /api/payments/methods`) and an address of their own. The accounts
 * and sessions are written as better-auth keeps them (a `users` row, a `sessions` row, the cookie
 * signed with the shop's secret): a sign-up through the API hashes its password with scrypt (180 to
 * 350 ms each on this 2-core machine), which would be 6 to 12 minutes of preparation for 2,000.
 *
 * A shopper joins (`POST /api/drops/{id}/queue`) on one instance and alternates between the two for
 * each request after (a load balancer without stickiness: the place is a signed cookie), polls
 * (`GET`) after the `pollAfterSeconds` it is told, buys a size from `sizesLeft` once let in
 * (`POST .../purchase`; a 409 "Size N is sold out" makes it poll and try another), and stops at
 * `sold_out`, `closed` or `expired`. A 503 is an error, and is sent again after its Retry-After (3
 * times at most), as a shopper pressing again would. Measured: every status, latencies per request
 * kind, pairs sold and to whom (from the database), the cores used, the database's transactions and
 * the scans of the drop's tables (`pg_stat_*`), its sessions' lock waits (`pg_stat_activity`), and
 * the instances' pool queue and event-loop delay (their /metrics, on with a METRICS_TOKEN). Prints
 * and saves to bench/results.json under `drop`; asserts nothing. See docs/performance.md, "Drops".
 *
 * One file because its stages (preparing the shoppers, the crowd's run, the database's and the
 * servers' figures) share one run's state; what other benches share is in instances.ts, database.ts
 * and results.ts. Splitting the stages into files of their own is the next clean-up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { QueueAnswer } from '../src/domain/contracts/drops.js';
import { MESSAGES } from '../src/domain/messages.js';
import type { Database } from '../src/server/db/client.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import {
  brands,
  dropEntries,
  dropQueue,
  drops,
  dropSizes,
  orderLines,
  orders,
  sessions,
  shoes,
  stockEntries,
  users,
} from '../src/server/db/schema.js';
import { paymentMethodBody } from '../tests/fixtures/payment.js';
import { ORIGIN } from './checkout-loop.js';
import { measureCpu, type CpuShares } from './cpu.js';
import { openBenchDatabase } from './database.js';
import { startInstances, type Instance } from './instances.js';
import { saveResult } from './results.js';

const INSTANCES = 2;
const SIZES = ['8', '9', '10', '11', '12'];
const PAIRS_PER_SIZE = 10;
const PAIRS = SIZES.length * PAIRS_PER_SIZE;
/** Arrivals spread uniformly over this many seconds; the drop opens `EARLY_SECONDS` into them. */
const ARRIVAL_SECONDS = 10;
const EARLY_SECONDS = 5;
/** 50 places let in within 5 seconds: the pairs go within the first seconds if every one of them pays. */
const ADMIT_PER_MINUTE = 600;
const MINUTES_TO_PAY = 5;
const PAYMENT_LATENCY_MS = 300;
/** The issue's targets. */
const TARGET = { pollP99Ms: 100, purchaseP99Ms: 2_000 };
/** Cards saved at once while preparing. */
const PREPARE_CONCURRENCY = 16;
/** A shopper gives up trying sizes after this many purchases (the route allows 10 a minute per address). */
const MAX_PURCHASES = 8;
/** A 503 is sent again after its Retry-After this many times (a shopper pressing again, the page's retries). */
const RETRIES_AFTER_503 = 3;
/** A shopper still going this long after the opening is counted unfinished and stopped. */
const DEADLINE_MS = 180_000;
/**
 * PostgreSQL (15) sends a backend's statistics when it has been idle a while, at most 10 s later:
 * the counters are read that long after the work they count.
 */
const STATS_SETTLE_MS = 11_000;
/** An idle stretch measured to know the instances' background work (job runner, outbox) on the database. */
const IDLE_SAMPLE_MS = 5_000;
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const SESSION_COOKIE = 'shop.session_token';
const M = MESSAGES.drops;

type Kind = 'join' | 'poll' | 'purchase';

interface Shopper {
  i: number;
  userId: string;
  /** The session cookie, as the shop would have set it. */
  session: string;
  /** `drop_place=...` once joined. */
  place?: string;
  paymentMethodId?: string;
  /** Its own X-Forwarded-For: the shop's rate limits are per address. */
  from: string;
  line1: string;
}

interface Sent {
  status: number;
  body: unknown;
  setCookie: string[];
  ms: number;
  /** performance.now() when the answer was read. */
  at: number;
  retryAfter: string | null;
}

/** One request kind's answers. */
interface Tally {
  ms: number[];
  statuses: Record<string, number>;
  at: number[];
}

type Outcome =
  | 'bought'
  | 'sold_out'
  | 'closed'
  | 'expired'
  | 'gave_up'
  | 'unfinished'
  | 'refused'
  | 'never_joined'
  | 'poll_failed'
  | 'network_error';

export async function benchDrop(shopperCount: number): Promise<void> {
  const started = Date.now();
  const bench = await openBenchDatabase('postgres');
  const secret = crypto.randomBytes(32).toString('base64url');
  const redisPrefix = `shop-bench-drop-${process.pid}-${Date.now()}:`;
  const metricsToken = crypto.randomBytes(24).toString('base64url');
  let instances: Awaited<ReturnType<typeof startInstances>> | undefined;
  try {
    await migrateDatabase(bench.handle);
    const db = bench.handle.db;
    const shoeId = await insertShoe(db);

    const preparing = Date.now();
    const shoppers = await insertShoppers(db, secret, shopperCount);
    const accountsSeconds = (Date.now() - preparing) / 1000;
    console.log(`Accounts and sessions: ${shopperCount} in ${accountsSeconds.toFixed(1)} s`);

    console.log(`Starting ${INSTANCES} server processes on PostgreSQL and Redis (prefix ${redisPrefix})...`);
    instances = await startInstances(INSTANCES, {
      DATABASE_URL: bench.url!,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      // Each shopper's requests come "from" its own address: the drop's routes allow 10 a minute per address.
      TRUST_PROXY: 'true',
      PUBLIC_URL: ORIGIN,
      SESSION_SECRET: secret,
      ADMIN_PASSWORD: crypto.randomBytes(18).toString('base64url'),
      REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      TEST_PAYMENT_LATENCY_MS: String(PAYMENT_LATENCY_MS),
      // /metrics on the main port: the pool's waiting queries, the event loop's delay, server-side times.
      METRICS_TOKEN: metricsToken,
    });
    const urls = instances.list.map((instance) => instance.url);

    const cardsStarted = Date.now();
    await saveCards(urls, shoppers);
    const cardsSeconds = (Date.now() - cardsStarted) / 1000;
    console.log(`Cards: ${shopperCount} saved through the API in ${cardsSeconds.toFixed(1)} s`);

    // Counters from here on: what the prepared shoppers cost is flushed and left out.
    await pause(STATS_SETTLE_MS);
    const idleFrom = await databaseStats(db);
    await pause(IDLE_SAMPLE_MS);
    const runFrom = await databaseStats(db);

    const t0 = Date.now() + 1_000;
    const opensAt = new Date(t0 + EARLY_SECONDS * 1000);
    const dropId = await insertDrop(db, shoeId, opensAt);
    const loadAverageStart = os.loadavg()[0]!;
    console.log(
      `Drop ${dropId}: ${PAIRS} pairs, opening ${opensAt.toISOString()}; ${shopperCount} shoppers arriving over ` +
        `${ARRIVAL_SECONDS} s (load average ${loadAverageStart.toFixed(2)})...`,
    );
    const run = createRun(urls, dropId, opensAt.getTime());
    const pids = instances.list.map((instance) => instance.child.pid!);
    const activity = watchActivity(db);
    const servers = watchServers(urls, metricsToken);
    await servers.ready;
    const { result: outcomes, cpu } = await measureCpu(pids, () =>
      Promise.all(
        shoppers.map((shopper, index) =>
          run.shopper(shopper, t0 + ((index + Math.random()) / shopperCount) * ARRIVAL_SECONDS * 1000),
        ),
      ),
    );
    const sessionsSeen = await activity.stop();
    const serversSeen = await servers.stop();
    const runSeconds = (Date.now() - t0) / 1000;
    const loadAverageEnd = os.loadavg()[0]!;
    await pause(STATS_SETTLE_MS);
    const runTo = await databaseStats(db);

    const sold = await soldFigures(db, dropId, shoeId);
    const outcomeCounts = count(outcomes);
    const idleSeconds = (runFrom.at - idleFrom.at) / 1000;
    const windowSeconds = (runTo.at - runFrom.at) / 1000;
    const background = (runFrom.transactions - idleFrom.transactions) / idleSeconds;
    const database = {
      transactions: runTo.transactions - runFrom.transactions,
      backgroundTransactionsPerSecond: round(background, 1),
      dropTransactions: Math.round(runTo.transactions - runFrom.transactions - background * windowSeconds),
      rowsRead: runTo.rowsRead - runFrom.rowsRead,
      scans: Object.fromEntries(
        Object.keys(runTo.scans).map((table) => [
          table,
          (runTo.scans[table] ?? 0) - (runFrom.scans[table] ?? 0),
        ]),
      ),
    };
    const errors = run.unexpected();
    const result = {
      date: new Date().toISOString(),
      shoppers: shopperCount,
      instances: INSTANCES,
      pairs: PAIRS,
      sizes: SIZES.length,
      arrivalSeconds: ARRIVAL_SECONDS,
      earlySeconds: EARLY_SECONDS,
      admitPerMinute: ADMIT_PER_MINUTE,
      providerLatencyMs: PAYMENT_LATENCY_MS,
      poolSizePerInstance: Number(process.env.DATABASE_POOL_SIZE) || 10,
      cpus: os.cpus().length,
      loadAverage: { start: round(loadAverageStart, 2), end: round(loadAverageEnd, 2) },
      preparation: { accountsSeconds: round(accountsSeconds, 1), cardsSeconds: round(cardsSeconds, 1) },
      runSeconds: round(runSeconds, 1),
      errors: Object.values(errors).reduce((sum, n) => sum + n, 0),
      unexpected: errors,
      outcomes: outcomeCounts,
      ...sold,
      ...run.timeline(),
      join: figures(run.tally.join),
      joinEarly: figures(run.joinEarly),
      joinLate: figures(run.joinLate),
      poll: figures(run.tally.poll),
      pollSettling: figures(run.settling),
      pollCached: figures(run.cachedPolls),
      purchase: figures(run.tally.purchase),
      purchaseBought: figures(run.bought),
      pollsPerInstance: run.pollsPerInstance,
      retriedAfter503: run.retried,
      joins: run.joins(),
      peakPollsPerSecond: peakPerSecond(run.tally.poll.at),
      cpu: cpu && roundCpu(cpu),
      database,
      databaseSessions: sessionsSeen,
      servers: serversSeen,
    };
    printResult(result);
    saveResult('drop', result);
  } finally {
    if (instances) {
      await pause(1_000);
      await instances.stop();
      printLogs(instances.list);
    }
    await bench.dispose();
    console.log(`Total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

async function insertShoe(db: Database): Promise<string> {
  const [brand] = await db.insert(brands).values({ name: 'Drop Bench' }).returning({ id: brands.id });
  const [shoe] = await db
    .insert(shoes)
    .values({
      name: 'Bench First Come',
      brandId: brand!.id,
      description: 'The benchmark’s first-come release.',
      color: 'White',
      priceCents: 22_000,
      image: '/images/shoe.png',
    })
    .returning({ id: shoes.id });
  // Exactly the drop's pairs in stock: selling one too many would fail the checkout, not pass unseen.
  await db
    .insert(stockEntries)
    .values(SIZES.map((size) => ({ shoeId: shoe!.id, size, quantity: PAIRS_PER_SIZE })));
  return shoe!.id;
}

/** A first-come drop as staff schedule it (`POST /api/admin/drops` writes these rows and an audit line). */
async function insertDrop(db: Database, shoeId: string, opensAt: Date): Promise<string> {
  const seed = crypto.randomBytes(32).toString('hex');
  const [drop] = await db
    .insert(drops)
    .values({
      shoeId,
      mode: 'first_come',
      opensAt,
      closesAt: new Date(opensAt.getTime() + 30 * 60_000),
      seed,
      commitment: crypto.createHash('sha256').update(seed).digest('hex'),
      admitPerMinute: ADMIT_PER_MINUTE,
      minutesToPay: MINUTES_TO_PAY,
    })
    .returning({ id: drops.id });
  await db.insert(dropSizes).values(SIZES.map((size) => ({ dropId: drop!.id, size, pairs: PAIRS_PER_SIZE })));
  return drop!.id;
}

/**
 * Accounts with a confirmed email and a session each, as better-auth stores them: the session's
 * token in `sessions`, and in the cookie with its HMAC-SHA256 under the shop's secret (better-call's
 * signed cookie: `token.base64(signature)`, URI-encoded).
 */
async function insertShoppers(db: Database, secret: string, count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, k) => from + k).map((i) => {
      const token = crypto.randomBytes(24).toString('base64url');
      const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
      return {
        i,
        userId: crypto.randomUUID(),
        token,
        session: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`,
        from: `10.${90 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
        line1: `${i + 1} Drop Street`,
      };
    });
    await db.insert(users).values(
      batch.map(({ i, userId }) => ({
        id: userId,
        name: `Shopper ${i}`,
        email: `shopper${i}@drop.bench`,
        emailVerified: true,
      })),
    );
    await db.insert(sessions).values(
      batch.map(({ userId, token }) => ({
        id: crypto.randomBytes(16).toString('hex'),
        token,
        userId,
        expiresAt,
        userAgent: 'bench/drop',
      })),
    );
    for (const { i, userId, session, from: address, line1 } of batch)
      shoppers.push({ i, userId, session, from: address, line1 });
  }
  return shoppers;
}

/**
 * A card per shopper through `POST /api/payments/methods` (which also proves each session works):
 * test mode tells cards apart by number, expiry and CVC, so each shopper's differs in those.
 */
async function saveCards(urls: string[], shoppers: Shopper[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < shoppers.length) {
      const shopper = shoppers[next++]!;
      const body = paymentMethodBody(
        { exp_month: 1 + (Math.floor(shopper.i / 900) % 12), cvc: String(100 + (shopper.i % 900)) },
        { line1: shopper.line1 },
      );
      const sent = await send(`${urls[shopper.i % urls.length]}/api/payments/methods`, {
        method: 'POST',
        cookie: shopper.session,
        from: shopper.from,
        body,
      });
      if (sent.status !== 200)
        throw new Error(`Saving shopper ${shopper.i}'s card: ${sent.status} ${JSON.stringify(sent.body)}`);
      shopper.paymentMethodId = (sent.body as { id: string }).id;
    }
  };
  await Promise.all(Array.from({ length: PREPARE_CONCURRENCY }, worker));
}

async function send(
  url: string,
  options: { method: 'GET' | 'POST'; cookie: string; from: string; body?: unknown },
): Promise<Sent> {
  const begun = performance.now();
  const response = await fetch(url, {
    method: options.method,
    headers: {
      cookie: options.cookie,
      'x-forwarded-for': options.from,
      ...(options.method === 'POST' ? { origin: ORIGIN } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const at = performance.now();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the message.
  }
  return {
    status: response.status,
    body,
    setCookie: response.headers.getSetCookie(),
    ms: at - begun,
    at,
    retryAfter: response.headers.get('retry-after'),
  };
}

/** A request that got no answer (already counted). */
class NetworkError extends Error {}

const messageOf = (body: unknown) =>
  (body as { error?: { message?: string } } | undefined)?.error?.message ?? String(body).slice(0, 80);

/** The virtual shoppers' requests against the instances, and what they answered. */
function createRun(urls: string[], dropId: string, opensAt: number) {
  const tally: Record<Kind, Tally> = {
    join: { ms: [], statuses: {}, at: [] },
    poll: { ms: [], statuses: {}, at: [] },
    purchase: { ms: [], statuses: {}, at: [] },
  };
  const joinEarly: Tally = { ms: [], statuses: {}, at: [] };
  const joinLate: Tally = { ms: [], statuses: {}, at: [] };
  /** Polls that read the database: an early arrival's first poll after the opening, which gets its place. */
  const settling: Tally = { ms: [], statuses: {}, at: [] };
  /** The other polls: answered from the token and the instance's copy of the drop. */
  const cachedPolls: Tally = { ms: [], statuses: {}, at: [] };
  const bought: Tally = { ms: [], statuses: {}, at: [] };
  /** Answers other than those a shopper expects, by kind, status and message. */
  const unexpected: Record<string, number> = {};
  const pollsPerInstance = urls.map(() => 0);
  const retried: Record<Kind, number> = { join: 0, poll: 0, purchase: 0 };
  /** When each shopper got its place, in ms from the opening. */
  const joinedAt: number[] = [];
  const origin = performance.now() - (Date.now() - opensAt);
  const record = (into: Tally, sent: Sent) => {
    into.ms.push(sent.ms);
    into.at.push(sent.at - origin);
    into.statuses[sent.status] = (into.statuses[sent.status] ?? 0) + 1;
  };
  const odd = (kind: Kind, what: string) => {
    const key = `${kind} ${what}`;
    unexpected[key] = (unexpected[key] ?? 0) + 1;
  };

  async function shopper(me: Shopper, arrival: number): Promise<Outcome> {
    await pause(arrival - Date.now());
    let turn = me.i;
    const base = `/api/drops/${dropId}`;
    /**
     * One request, on the next instance in turn. A 503 ("try again in a moment", Retry-After) is
     * counted as an error and sent again after the time it says, a few times, as a shopper would.
     */
    const request = async (
      kind: Kind,
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      also?: Tally,
    ) => {
      for (let attempt = 0; ; attempt += 1) {
        const instance = turn++ % urls.length;
        if (kind === 'poll') pollsPerInstance[instance]! += 1;
        const cookie = me.place ? `${me.session}; ${me.place}` : me.session;
        let sent: Sent;
        try {
          sent = await send(`${urls[instance]}${base}${path}`, { method, cookie, from: me.from, body });
        } catch (error) {
          odd(kind, `network error: ${error instanceof Error ? error.message : String(error)}`);
          throw new NetworkError();
        }
        const place = sent.setCookie.find((line) => line.startsWith('drop_place='));
        if (place) me.place = place.split(';')[0];
        record(tally[kind], sent);
        if (also) record(also, sent);
        if (sent.status >= 500) odd(kind, `${sent.status} ${messageOf(sent.body)}`);
        if (sent.status !== 503 || attempt >= RETRIES_AFTER_503) return sent;
        retried[kind] += 1;
        await pause((Number(sent.retryAfter) || 5) * 1000);
      }
    };
    try {
      const early = Date.now() < opensAt;
      const joined = await request('join', 'POST', '/queue', undefined, early ? joinEarly : joinLate);
      if (joined.status !== 200) {
        if (joined.status < 500) odd('join', `${joined.status} ${messageOf(joined.body)}`);
        return joined.status >= 500 ? 'never_joined' : 'refused';
      }
      joinedAt.push(joined.at - origin);
      let answer = joined.body as QueueAnswer;
      const refusedSizes = new Set<string>();
      let purchases = 0;
      const poll = async () => {
        const sent = await request('poll', 'GET', '/queue');
        record(sent.setCookie.length > 0 ? settling : cachedPolls, sent);
        if (sent.status !== 200) {
          if (sent.status < 500) odd('poll', `${sent.status} ${messageOf(sent.body)}`);
          return undefined;
        }
        return sent.body as QueueAnswer;
      };
      for (;;) {
        if (Date.now() - opensAt > DEADLINE_MS) return 'unfinished';
        if (answer.status === 'early' || answer.status === 'waiting') {
          // As the page does: ask again when told, not before.
          await pause(answer.pollAfterSeconds * 1000);
          const polled = await poll();
          if (!polled) return 'poll_failed';
          answer = polled;
          continue;
        }
        if (answer.status !== 'admitted') return answer.status;
        const sizes = answer.sizesLeft.filter((size) => !refusedSizes.has(size));
        if (sizes.length === 0) {
          // The answer is up to a second old: the sizes this shopper was refused may be all there is.
          await pause(1_000);
          const polled = await poll();
          if (!polled) return 'poll_failed';
          answer = polled;
          continue;
        }
        if (purchases >= MAX_PURCHASES) return 'gave_up';
        purchases += 1;
        const size = sizes[Math.floor(Math.random() * sizes.length)]!;
        const sent = await request('purchase', 'POST', '/purchase', {
          size,
          paymentMethodId: me.paymentMethodId,
          deliveryAddress: {
            name: 'Ana Lima',
            line1: me.line1,
            city: 'San Diego',
            state: 'California',
            postal_code: '92101',
          },
        });
        if (sent.status === 201) {
          record(bought, sent);
          return 'bought';
        }
        const message = messageOf(sent.body);
        if (sent.status === 409 && message === M.sizeSoldOut(size)) {
          refusedSizes.add(size);
        } else {
          if (sent.status < 500) odd('purchase', `${sent.status} ${message}`);
          if (sent.status !== 409) return 'refused';
        }
        const polled = await poll();
        if (!polled) return 'poll_failed';
        answer = polled;
      }
    } catch (error) {
      if (error instanceof NetworkError) return 'network_error';
      throw error;
    }
  }

  return {
    shopper,
    tally,
    joinEarly,
    joinLate,
    settling,
    cachedPolls,
    bought,
    pollsPerInstance,
    retried,
    /** Places given per second: the most in one second, and all of them over the seconds they took. */
    joins: () => {
      const sorted = [...joinedAt].sort((a, b) => a - b);
      const span = sorted.length > 1 ? (sorted[sorted.length - 1]! - sorted[0]!) / 1000 : 0;
      return {
        placed: sorted.length,
        lastPlacedSeconds: sorted.length ? round(sorted[sorted.length - 1]! / 1000, 2) : null,
        peakPerSecond: peakPerSecond(sorted),
        meanPerSecond: span > 0 ? round(sorted.length / span, 1) : null,
      };
    },
    unexpected: () => unexpected,
    /** When the pairs went, in seconds from the opening. */
    timeline: () => {
      const times = [...bought.at].sort((a, b) => a - b);
      return {
        firstBoughtSeconds: times.length ? round(times[0]! / 1000, 2) : null,
        lastBoughtSeconds: times.length ? round(times[times.length - 1]! / 1000, 2) : null,
      };
    },
  };
}

/** Pairs sold and to whom, from the database: the drop's sizes, its entries, the orders of the shoe. */
async function soldFigures(db: Database, dropId: string, shoeId: string) {
  const [sizes] = await db
    .select({ sold: sql<number>`coalesce(sum(${dropSizes.sold}), 0)::int` })
    .from(dropSizes)
    .where(eq(dropSizes.dropId, dropId));
  const [won] = await db
    .select({ entries: sql<number>`count(*)::int`, people: countDistinct(dropEntries.userId) })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, dropId), eq(dropEntries.outcome, 'won')));
  const [entered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, dropId), inArray(dropEntries.outcome, ['entered', 'declined'])));
  const [bought] = await db
    .select({ orders: countDistinct(orders.id), people: countDistinct(orders.userId) })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orderLines.shoeId, shoeId));
  const [stock] = await db
    .select({ left: sql<number>`coalesce(sum(${stockEntries.quantity}), 0)::int` })
    .from(stockEntries)
    .where(eq(stockEntries.shoeId, shoeId));
  const [queue] = await db
    .select({
      places: sql<number>`count(*)::int`,
      early: sql<number>`count(*) filter (where ${dropQueue.early})::int`,
      unnumbered: sql<number>`count(*) filter (where ${dropQueue.place} is null)::int`,
    })
    .from(dropQueue)
    .where(eq(dropQueue.dropId, dropId));
  return {
    pairsSold: sizes!.sold,
    wonEntries: won!.entries,
    distinctBuyers: won!.people,
    entriesNotWon: entered!.n,
    orders: bought!.orders,
    orderBuyers: bought!.people,
    stockLeft: stock!.left,
    places: queue!.places,
    earlyPlaces: queue!.early,
    placesNeverNumbered: queue!.unnumbered,
  };
}

const TABLES = ['drops', 'drop_sizes', 'drop_queue', 'drop_entries', 'sessions', 'users', 'orders'];

/** The bench database's committed transactions, rows read and scans per table, so far. */
async function databaseStats(db: Database) {
  const [database] = (
    await db.execute(sql`
      select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as rows
      from pg_stat_database where datname = current_database()`)
  ).rows as { transactions: string; rows: string }[];
  const tables = (
    await db.execute(sql`
      select relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
      from pg_stat_user_tables where relname in (${sql.join(
        TABLES.map((table) => sql`${table}`),
        sql`, `,
      )})`)
  ).rows as { relname: string; scans: string }[];
  return {
    at: Date.now(),
    transactions: Number(database!.transactions),
    rowsRead: Number(database!.rows),
    scans: Object.fromEntries(tables.map((row) => [row.relname, Number(row.scans)])) as Record<
      string,
      number
    >,
  };
}

/** The instances' sessions on the bench database, as PostgreSQL lists them now. */
async function sampleSessions(db: Database) {
  return (
    await db.execute(sql`
      select pid, state, wait_event_type, wait_event,
        left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 70) as query
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`)
  ).rows as {
    pid: number;
    state: string | null;
    wait_event_type: string | null;
    wait_event: string | null;
    query: string;
  }[];
}

/**
 * The instances' database sessions, sampled every 100 ms while the crowd runs: how many run a
 * statement, wait for a lock (and on what), or sit in a transaction between statements; the peak
 * and the mean over the samples, and each lock wait's kind and statement, counted per sample. Also
 * the CPU time of those PostgreSQL backends (from /proc; the same machine), in cores.
 */
function watchActivity(db: Database) {
  const samples: { active: number; lockWaits: number; idleInTransaction: number; connected: number }[] = [];
  const waits: Record<string, number> = {};
  /** CPU seconds of each backend: when first seen and last. */
  const backends = new Map<number, { first: number; last: number }>();
  const begun = performance.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sampleSessions(db).catch(() => undefined);
      if (!rows) {
        await pause(100);
        continue;
      }
      samples.push({
        connected: rows.length,
        active: rows.filter((row) => row.state === 'active').length,
        lockWaits: rows.filter((row) => row.wait_event_type === 'Lock').length,
        idleInTransaction: rows.filter((row) => row.state?.startsWith('idle in transaction')).length,
      });
      for (const row of rows.filter((row) => row.wait_event_type === 'Lock')) {
        const key = `${row.wait_event}: ${row.query}`;
        waits[key] = (waits[key] ?? 0) + 1;
      }
      for (const { pid } of rows) {
        const seconds = cpuSecondsOf(pid);
        if (seconds === undefined) continue;
        const known = backends.get(pid);
        // A backend opened during the run counts from zero.
        if (known) known.last = seconds;
        else backends.set(pid, { first: samples.length === 1 ? seconds : 0, last: seconds });
      }
      await pause(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const elapsed = (performance.now() - begun) / 1000;
      const of = (pick: (sample: (typeof samples)[number]) => number) => ({
        max: Math.max(0, ...samples.map(pick)),
        mean: round(samples.reduce((sum, sample) => sum + pick(sample), 0) / Math.max(1, samples.length), 2),
      });
      let cpu = 0;
      for (const { first, last } of backends.values()) cpu += last - first;
      return {
        samples: samples.length,
        connected: of((sample) => sample.connected),
        active: of((sample) => sample.active),
        lockWaits: of((sample) => sample.lockWaits),
        idleInTransaction: of((sample) => sample.idleInTransaction),
        backendCores: round(cpu / elapsed, 2),
        lockWaitsSeen: Object.fromEntries(
          Object.entries(waits)
            .sort(([, a], [, b]) => b - a)
            .slice(0, 8),
        ),
      };
    },
  };
}

/** One scrape of an instance's /metrics: each series' value by its name and labels, as written. */
async function scrape(url: string, token: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const series = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** The drop's routes, as the shop's metrics name them. */
const ROUTES = {
  join: { route: '/api/drops/:id/queue', method: 'POST' },
  poll: { route: '/api/drops/:id/queue', method: 'GET' },
  purchase: { route: '/api/drops/:id/purchase', method: 'POST' },
} as const;

const BUCKET = 'shop_http_request_duration_seconds_bucket{';

/** A series' labels (`name{a="1",b="2"}`) as an object. */
const labelsOf = (series: string) =>
  Object.fromEntries([...series.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));

/**
 * The instances as their /metrics see them, every second while the crowd runs: queries waiting for
 * a pool connection and the event loop's delay (prom-client's, over the second since the last
 * scrape), the peak and mean of each; and from the request histograms, the server-side times of
 * the drop's routes (from a request received to its answer sent), as bucket bounds.
 */
function watchServers(urls: string[], token: string) {
  const samples: {
    poolWaiting: number;
    poolInUse: number;
    loopDelayMaxMs: number;
    loopDelayP99Ms: number;
  }[] = [];
  let running = true;
  let first: Map<string, number>[] = [];
  const ready = Promise.all(urls.map((url) => scrape(url, token))).then((scrapes) => {
    first = scrapes;
  });
  const loop = (async () => {
    await ready;
    while (running) {
      await pause(1_000);
      const scrapes = await Promise.all(urls.map((url) => scrape(url, token).catch(() => undefined)));
      for (const series of scrapes) {
        if (!series) continue;
        samples.push({
          poolWaiting: series.get('shop_db_pool_waiting') ?? 0,
          poolInUse: series.get('shop_db_pool_connections{state="in_use"}') ?? 0,
          loopDelayMaxMs: (series.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000,
          loopDelayP99Ms: (series.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000,
        });
      }
    }
  })();
  return {
    ready,
    async stop() {
      running = false;
      await loop;
      const last = await Promise.all(urls.map((url) => scrape(url, token)));
      const of = (pick: (sample: (typeof samples)[number]) => number) => ({
        max: round(Math.max(0, ...samples.map(pick)), 1),
        mean: round(samples.reduce((sum, sample) => sum + pick(sample), 0) / Math.max(1, samples.length), 1),
      });
      /** Requests of a route within each bucket bound (seconds, cumulative), both instances, over the run. */
      const serverTimes = ({ route, method }: (typeof ROUTES)[keyof typeof ROUTES]) => {
        const counts = new Map<number, number>();
        last.forEach((series, i) => {
          for (const [name, value] of series) {
            if (!name.startsWith(BUCKET)) continue;
            const labels = labelsOf(name);
            if (labels.route !== route || labels.method !== method || labels.le === undefined) continue;
            const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
            counts.set(le, (counts.get(le) ?? 0) + value - (first[i]?.get(name) ?? 0));
          }
        });
        const bounds = [...counts.keys()].sort((a, b) => a - b);
        const total = counts.get(Infinity) ?? 0;
        const within = (p: number) => {
          const bound = bounds.find((le) => (counts.get(le) ?? 0) >= (p / 100) * total);
          return bound === undefined || bound === Infinity ? '>10 s' : `<= ${bound * 1000} ms`;
        };
        return { count: total, p50: within(50), p99: within(99) };
      };
      return {
        scrapes: samples.length,
        poolWaiting: of((sample) => sample.poolWaiting),
        poolInUse: of((sample) => sample.poolInUse),
        loopDelayMaxMs: of((sample) => sample.loopDelayMaxMs),
        loopDelayP99Ms: of((sample) => sample.loopDelayP99Ms),
        serverTimes: {
          join: serverTimes(ROUTES.join),
          poll: serverTimes(ROUTES.poll),
          purchase: serverTimes(ROUTES.purchase),
        },
      };
    },
  };
}

/** A process's CPU time so far (user + system), in seconds; undefined when it cannot be read. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(tally: Tally) {
  const sorted = [...tally.ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    statuses: tally.statuses,
    p50: round(percentile(sorted, 50), 1),
    p95: round(percentile(sorted, 95), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted[sorted.length - 1] ?? 0, 1),
  };
}

/** The most answers read within one second (from the opening's second on). */
function peakPerSecond(at: number[]): number {
  const buckets = new Map<number, number>();
  for (const ms of at) buckets.set(Math.floor(ms / 1000), (buckets.get(Math.floor(ms / 1000)) ?? 0) + 1);
  return Math.max(0, ...buckets.values());
}

const count = <T extends string>(values: T[]) =>
  values.reduce<Record<string, number>>((counts, value) => {
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const roundCpu = (cpu: CpuShares) => ({
  loadGenerator: round(cpu.loadGenerator, 2),
  servers: round(cpu.servers, 2),
  rest: round(cpu.rest, 2),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function printResult(result: {
  shoppers: number;
  pairs: number;
  errors: number;
  unexpected: Record<string, number>;
  outcomes: Record<string, number>;
  pairsSold: number;
  distinctBuyers: number;
  orders: number;
  orderBuyers: number;
  stockLeft: number;
  firstBoughtSeconds: number | null;
  lastBoughtSeconds: number | null;
  runSeconds: number;
  join: ReturnType<typeof figures>;
  joinEarly: ReturnType<typeof figures>;
  joinLate: ReturnType<typeof figures>;
  poll: ReturnType<typeof figures>;
  pollSettling: ReturnType<typeof figures>;
  pollCached: ReturnType<typeof figures>;
  purchase: ReturnType<typeof figures>;
  purchaseBought: ReturnType<typeof figures>;
  peakPollsPerSecond: number;
  pollsPerInstance: number[];
  retriedAfter503: Record<Kind, number>;
  joins: {
    placed: number;
    lastPlacedSeconds: number | null;
    peakPerSecond: number;
    meanPerSecond: number | null;
  };
  cpu?: ReturnType<typeof roundCpu>;
  loadAverage: { start: number; end: number };
  database: {
    transactions: number;
    dropTransactions: number;
    rowsRead: number;
    scans: Record<string, number>;
  };
  databaseSessions: Awaited<ReturnType<ReturnType<typeof watchActivity>['stop']>>;
  servers: Awaited<ReturnType<ReturnType<typeof watchServers>['stop']>>;
}) {
  const row = (name: string, f: ReturnType<typeof figures>, target?: number) => ({
    requests: name,
    count: f.count,
    statuses: Object.entries(f.statuses)
      .map(([code, n]) => `${code}:${n}`)
      .join(' '),
    'p50 ms': f.p50,
    'p95 ms': f.p95,
    'p99 ms': f.p99,
    'max ms': f.max,
    target: target === undefined ? '' : `p99 < ${target} ms: ${f.p99 < target ? 'met' : 'MISSED'}`,
  });
  console.log(
    `\n${result.shoppers} shoppers, ${result.pairs} pairs, ${INSTANCES} instances on PostgreSQL and Redis, ` +
      `${os.cpus().length} CPUs, load average ${result.loadAverage.start} at the start, ${result.loadAverage.end} at the end.`,
  );
  console.table([
    row('join  POST /queue', result.join),
    row('  before the opening', result.joinEarly),
    row('  after the opening', result.joinLate),
    row('poll  GET /queue (waiting page)', result.poll, TARGET.pollP99Ms),
    row('  early arrival placed at the opening', result.pollSettling),
    row('  the others (token and cached drop)', result.pollCached),
    row('purchase  POST /purchase', result.purchase, TARGET.purchaseP99Ms),
    row('  paid (201)', result.purchaseBought),
  ]);
  console.table([
    {
      errors: result.errors,
      'pairs sold': result.pairsSold,
      'distinct buyers': result.distinctBuyers,
      orders: `${result.orders} (${result.orderBuyers} people)`,
      'stock left': result.stockLeft,
      'sold from / to (s after opening)': `${result.firstBoughtSeconds} / ${result.lastBoughtSeconds}`,
      'run s': result.runSeconds,
      'peak polls/s': result.peakPollsPerSecond,
      'cores bench/servers/rest': result.cpu
        ? `${result.cpu.loadGenerator}/${result.cpu.servers}/${result.cpu.rest}`
        : '?',
    },
  ]);
  console.log('Shoppers ended:', result.outcomes);
  console.log('Polls per instance:', result.pollsPerInstance.join(' / '));
  console.log(
    `Places: ${result.joins.placed} given, the last ${result.joins.lastPlacedSeconds} s after the opening; ` +
      `at most ${result.joins.peakPerSecond} in one second, ${result.joins.meanPerSecond} a second on average. ` +
      'Sent again after a 503:',
    result.retriedAfter503,
  );
  console.log(
    `Database: ${result.database.transactions} transactions (about ${result.database.dropTransactions} ` +
      `beyond the instances' idle background), ${result.database.rowsRead} rows read; scans per table:`,
    result.database.scans,
  );
  const { connected, active, lockWaits, idleInTransaction, lockWaitsSeen, backendCores } =
    result.databaseSessions;
  console.log(
    `Database sessions (every 100 ms; peak / mean; their backends used ${backendCores} cores): ` +
      `connected ${connected.max} / ${connected.mean}, running ` +
      `${active.max} / ${active.mean}, waiting for a lock ${lockWaits.max} / ${lockWaits.mean}, idle in a ` +
      `transaction ${idleInTransaction.max} / ${idleInTransaction.mean}. Lock waits seen (samples):`,
    lockWaitsSeen,
  );
  const { poolWaiting, poolInUse, loopDelayMaxMs, loopDelayP99Ms, serverTimes } = result.servers;
  console.log(
    `Instances (/metrics every second; peak / mean of a scrape): queries waiting for a pool connection ` +
      `${poolWaiting.max} / ${poolWaiting.mean}, connections lent ${poolInUse.max} / ${poolInUse.mean}, event ` +
      `loop delay max ${loopDelayMaxMs.max} / ${loopDelayMaxMs.mean} ms, p99 ${loopDelayP99Ms.max} / ` +
      `${loopDelayP99Ms.mean} ms. Server-side times (received to answered):`,
    serverTimes,
  );
  if (result.errors > 0) console.log('Unexpected answers:', result.unexpected);
}

/** What the servers printed at LOG_LEVEL=warn (the last lines), so failures under load are seen. */
function printLogs(list: Instance[]) {
  list.forEach((instance, i) => {
    const lines = instance.output().trim().split('\n').filter(Boolean);
    if (lines.length === 0) return;
    console.log(`Instance ${i + 1} logged (last ${Math.min(lines.length, 8)} of ${lines.length} lines):`);
    for (const line of lines.slice(-8)) console.log(`  ${line.slice(0, 400)}`);
  });
}
