// One file because the instances and the sync on its own share the PostgreSQL database this file
// creates and its instance() helper; it follows the cache sync, which issue 30 item 3 moves to
// src/server/cache/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig, type Env } from '../../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { shoes } from '../../../src/server/db/schema.js';
import {
  announcementPayload,
  CATALOG_CHANNEL,
  CATALOG_LISTENER_NAME,
  createCatalogCacheSync,
  parseAnnouncement,
} from '../../../src/server/cache/cache-sync.js';
import type { StockChange } from '../../../src/server/cache/cache-tags.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { paidOrder } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { staffSession } from '../support/staff.js';

/**
 * Two instances on one PostgreSQL database, each with its own catalogue cache (5 s TTL): a
 * write on one must reach the other's cache at once (LISTEN/NOTIFY, cache-sync.ts), also after
 * the listening connection was cut, and an instance whose LISTEN fails still serves.
 *
 * It always runs on the machine's PostgreSQL (127.0.0.1:5432, or DATABASE_URL when set), in a
 * database of its own, like database-outage.test.ts: on PGlite there is only ever one instance.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'owner@cache-sync.test', password: 'owner-password' };
/** Well within the cache's 5 s TTL: seeing a change sooner proves it was announced. */
const WITHIN_MS = 1_000;

const dbName = `shop_cache_sync_${crypto.randomBytes(6).toString('hex')}`;
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${dbName}`;
const handles: DatabaseHandle[] = [];
const dataDirs: string[] = [];
let direct: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;
let shoeId: string;

async function sql<T extends pg.QueryResultRow>(text: string, url = BASE_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** One instance: its own pool (as its own process would have) on the given database. */
async function instance(
  url: string,
  overrides: Partial<Env> = {},
  options: { bootstrapAdmin?: boolean; logStream?: { write(line: string): void } } = {},
) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  handles.push(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cache-sync-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'cache-sync-session-secret-0123456789abcdef',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...overrides,
    },
  );
  const app = await buildApp({
    config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    bootstrapAdmin: options.bootstrapAdmin ?? false,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  await sql(`CREATE DATABASE ${dbName}`);
  direct = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 2 });
  await migrateDatabase(direct);
  a = await instance(dbUrl.toString(), {}, { bootstrapAdmin: true });
  b = await instance(dbUrl.toString());
  admin = await staffSession(a, ADMIN.email, ADMIN.password);
  const { shoeIds } = await insertCatalog(
    direct.db,
    ['Velo'],
    [{ name: 'Sync Runner', brand: 'Velo', color: 'Red', price: 90, sizes: [['9', 5]] }],
  );
  shoeId = shoeIds.get('Sync Runner')!;
});

afterAll(async () => {
  for (const app of [a, b]) await app?.close();
  for (const handle of [...handles, direct]) await handle?.close();
  await sql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

/**
 * The shoe's price as the instance answers it. The cache keys on the URL, so each step reads
 * through its own `view`: an entry of known age, which the TTL cannot have expired meanwhile.
 */
async function priceOn(app: FastifyInstance, view: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: `/api/shoes/${shoeId}?view=${view}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().price;
}

/** Polls until the instance answers the price; how long it took, or the last price seen. */
async function waitForPrice(app: FastifyInstance, view: string, price: number, limitMs: number) {
  const started = Date.now();
  let seen = await priceOn(app, view);
  while (seen !== price && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await priceOn(app, view);
  }
  return { seen, ms: Date.now() - started };
}

/** Written behind the shop's back: no instance hears of it, only their caches' TTL would show it. */
const setPriceSilently = (dollars: number) =>
  direct.db
    .update(shoes)
    .set({ priceCents: dollars * 100 })
    .where(eq(shoes.id, shoeId));

async function modifyOnA(price: number) {
  const shoe = (await a.inject({ method: 'GET', url: `/api/shoes/${shoeId}` })).json();
  const form = await multipart({
    brand: 'Velo',
    name: 'Sync Runner',
    color: 'Red',
    price: String(price),
    size: '9',
    q: '5',
    description: 'Kept in step across instances.',
    version: String(shoe.version),
  });
  const response = await a.inject({
    method: 'PUT',
    url: `/api/shoes/${shoeId}`,
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().shoe.price).toBe(price);
}

const listeners = async () =>
  (
    await sql<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = '${dbName}' and application_name = '${CATALOG_LISTENER_NAME}'`,
    )
  )[0]!.n;

async function waitForListeners(count: number) {
  const deadline = Date.now() + 5_000;
  while (Number(await listeners()) !== count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(Number(await listeners())).toBe(count);
}

describe('the catalogue cache across instances on PostgreSQL', () => {
  it('B drops its cached shoe as soon as an admin changes the price on A', async () => {
    expect(await priceOn(b, 'admin')).toBe(90);
    // B answers from its cache: a change nobody announced does not show yet.
    await setPriceSilently(91);
    expect(await priceOn(b, 'admin')).toBe(90);

    await modifyOnA(120);
    expect(await priceOn(a, 'admin')).toBe(120);
    const { seen, ms } = await waitForPrice(b, 'admin', 120, WITHIN_MS);
    expect(seen, `B still answered ${seen} after ${ms} ms`).toBe(120);
    console.log(`[cache-sync] B answered the new price ${ms} ms after A's change`);
  });

  // What B keeps is proven where the TTL can be long (stock-cache.test.ts, and the sync's own test below).
  it("an order on A shows its shoe's new stock on B at once", async () => {
    const stockOn = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: `/api/shoes/${shoeId}?view=order` })).json().stock[0].quantity;
    const before = await stockOn(b);
    const shopper = await signUp(a);
    await paidOrder(
      createSender(() => a, 74),
      shopper.cookie,
      {
        shoeId,
        size: '9',
        quantity: 1,
        priceCents: (await priceOn(a, 'order-price')) * 100,
      },
    );
    const started = Date.now();
    while ((await stockOn(b)) !== before - 1 && Date.now() - started < WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await stockOn(b), `B still showed ${before} pairs after ${Date.now() - started} ms`).toBe(
      before - 1,
    );
  });

  it('an instance whose listening connection was cut listens again and drops what it may have missed', async () => {
    await waitForListeners(2);
    const cachedAt = Date.now();
    expect(await priceOn(b, 'cut')).toBe(120);
    await setPriceSilently(130);
    expect(await priceOn(b, 'cut')).toBe(120);
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and application_name = '${CATALOG_LISTENER_NAME}'`,
    );
    // Only the clear on reconnecting can show it before the TTL (5 s after cachedAt) would.
    const missed = await waitForPrice(b, 'cut', 130, 3_000);
    expect(missed.seen, `B still answered ${missed.seen} after ${missed.ms} ms`).toBe(130);
    expect(Date.now() - cachedAt).toBeLessThan(4_500);

    await waitForListeners(2);
    expect(await priceOn(b, 'heard')).toBe(130);
    await modifyOnA(140);
    const heard = await waitForPrice(b, 'heard', 140, WITHIN_MS);
    expect(heard.seen).toBe(140);
    console.log(
      `[cache-sync] after the cut: missed change shown in ${missed.ms} ms, next change heard in ${heard.ms} ms`,
    );
  });

  it('closing an instance ends its listening connection', async () => {
    const c = await instance(dbUrl.toString());
    await waitForListeners(3);
    await c.close();
    await waitForListeners(2);
  });

  it('an instance whose LISTEN fails still starts and serves, and says why its cache may lag', async () => {
    const lines: string[] = [];
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const started = Date.now();
    const lonely = await instance(
      `postgres://postgres@127.0.0.1:${port}/${dbName}`,
      {},
      {
        logStream: { write: (line) => lines.push(line) },
      },
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await lonely.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines.join('\n')).toMatch(/Catalogue cache sync is not listening/);
    await lonely.close();
  });
});

/** A TCP proxy whose open connections can be frozen: bytes stop flowing, nobody hears of it. */
function freezableProxy(target: { host: string; port: number }) {
  const flows = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const flow: [net.Socket, net.Socket] = [client, upstream];
    flows.add(flow);
    client.pipe(upstream).pipe(client);
    const end = () => {
      flows.delete(flow);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of flow) socket.on('close', end).on('error', end);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    freeze() {
      for (const [client, upstream] of flows) {
        client.unpipe(upstream);
        upstream.unpipe(client);
      }
    },
    close() {
      for (const flow of flows) flow.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the cache sync on its own', () => {
  const silent = { warn: () => undefined, info: () => undefined };
  const notify = () => sql(`NOTIFY ${CATALOG_CHANNEL}, 'someone-else'`, dbUrl.toString());

  async function until(check: () => boolean, what: string, limitMs = 3_000) {
    const deadline = Date.now() + limitMs;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check(), what).toBe(true);
  }

  /**
   * Watches the queries sent through a pool: `settled()` resolves once every query sent has its
   * answer, including any sent in turn by what handled an answer (the sync sends the announcement
   * that waited when the one in flight is answered).
   */
  function watchQueries(pool: pg.Pool) {
    const sent: Promise<unknown>[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const answer = query(...args);
      sent.push(answer);
      return answer;
    };
    return {
      async settled() {
        for (let seen = -1; seen !== sent.length;) {
          seen = sent.length;
          await Promise.allSettled(sent);
          // The answers' handlers run as microtasks: all of them have run before the next macrotask.
          await new Promise((resolve) => setImmediate(resolve));
        }
      },
    };
  }

  it('ignores its own announcements, coalesces a burst, and others hear it', async () => {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: dbUrl.toString(), max: 2 }));
    const sent = watchQueries(pools[0]!);
    const clears = [0, 0];
    /** A notification sent after the burst, seen by each instance: everything before it was too. */
    const marker: StockChange = { shoeIds: ['marker'], sizesInStockChanged: false, unitsSoldChanged: false };
    const markerPayload = announcementPayload('the test', marker);
    const sawMarker = [false, false];
    const syncs = pools.map((pool, i) =>
      createCatalogCacheSync({
        pool,
        cache: {
          clear: () => (clears[i] = clears[i]! + 1),
          invalidate: (change) => {
            if (change.shoeIds[0] === 'marker') sawMarker[i] = true;
          },
        },
        log: silent,
      }),
    );
    const heard: string[] = [];
    const spy = new pg.Client({ connectionString: dbUrl.toString() });
    await spy.connect();
    spy.on('notification', (message) => heard.push(message.payload ?? ''));
    await spy.query(`LISTEN ${CATALOG_CHANNEL}`);
    try {
      await Promise.all(syncs.map((sync) => sync.start()));
      // Each cleared once on starting to listen.
      expect(clears).toEqual([1, 1]);
      for (let i = 0; i < 50; i++) syncs[0]!.announce();
      // Every NOTIFY of the burst is committed; one sent now reaches each listener after them.
      await sent.settled();
      await spy.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, markerPayload]);
      await until(
        () => sawMarker.every(Boolean) && heard.includes(markerPayload),
        'both instances and the spy heard the notification sent after the burst',
      );
      const burst = heard.filter((payload) => payload !== markerPayload);
      expect(clears[0], 'an instance clears on its own writes already; its echo is ignored').toBe(1);
      expect(burst.length).toBeGreaterThanOrEqual(1);
      expect(burst.length, 'a burst of 50 writes is a notification or two').toBeLessThanOrEqual(2);
      expect(clears[1]).toBe(1 + burst.length);
    } finally {
      await Promise.all(syncs.map((sync) => sync.close()));
      await Promise.all(pools.map((pool) => pool.end()));
      await spy.end();
    }
  });

  it('a listening connection that silently stops answering is found by its ping and replaced', async () => {
    const proxy = freezableProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    const viaProxy = new URL(dbUrl);
    viaProxy.host = `127.0.0.1:${await proxy.listen()}`;
    const pool = new pg.Pool({ connectionString: viaProxy.toString(), max: 1 });
    let clears = 0;
    const sync = createCatalogCacheSync({
      pool,
      cache: { clear: () => (clears += 1), invalidate: () => undefined },
      log: silent,
      pingEveryMs: 100,
      pingTimeoutMs: 300,
    });
    try {
      await sync.start();
      expect(clears).toBe(1);
      await notify();
      await until(() => clears === 2, 'heard through the proxy');
      proxy.freeze();
      // Not heard, and nobody said the connection was gone: only the ping can tell.
      await notify();
      await until(() => clears === 3, 'cleared on listening again, for what it may have missed');
      await notify();
      await until(() => clears === 4, 'heard again on the new connection');
    } finally {
      await sync.close();
      await pool.end();
      await proxy.close();
    }
  });

  it('a change of stock reaches the others as what it changed; bursts merge; anything else clears', async () => {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: dbUrl.toString(), max: 2 }));
    const clears = [0, 0];
    const heard: StockChange[] = [];
    const syncs = pools.map((pool, i) =>
      createCatalogCacheSync({
        pool,
        cache: {
          clear: () => (clears[i] = clears[i]! + 1),
          invalidate: (change) => (i === 1 ? heard.push(change) : clears.push(-1)),
        },
        log: silent,
      }),
    );
    const change = (shoeIds: string[], sizesInStockChanged = false): StockChange => ({
      shoeIds,
      sizesInStockChanged,
      unitsSoldChanged: true,
    });
    try {
      await Promise.all(syncs.map((sync) => sync.start()));
      syncs[0]!.announce(change(['a']));
      await until(() => heard.length === 1, 'B heard the first change');
      expect(heard[0]).toEqual(change(['a']));
      // While one is on its way, the next ones wait as one: their shoes together, any sell-out kept.
      syncs[0]!.announce(change(['b']));
      syncs[0]!.announce(change(['c'], true));
      syncs[0]!.announce(change(['b']));
      await until(() => heard.length === 3, 'B heard the burst as two notifications');
      expect(heard.slice(1)).toEqual([change(['b']), change(['c', 'b'], true)]);
      expect(clears, 'a change of stock clears nothing, and A ignores its own').toEqual([1, 1]);
      // A full clear waiting with a change of stock is a full clear.
      syncs[0]!.announce(change(['d']));
      syncs[0]!.announce(change(['e']));
      syncs[0]!.announce();
      await until(() => clears[1] === 2, 'B cleared');
      expect(heard.map((seen) => seen.shoeIds)).toEqual([['a'], ['b'], ['c', 'b'], ['d']]);
      // An older instance's bare id clears.
      await notify();
      // Each instance hears on its own connection: wait for both, then check neither cleared twice.
      await until(() => clears[0] === 2 && clears[1] === 3, 'A and B cleared for a bare id');
      expect(clears).toEqual([2, 3]);
    } finally {
      await Promise.all(syncs.map((sync) => sync.close()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('what a notification says', () => {
  const change: StockChange = { shoeIds: ['a', 'b'], sizesInStockChanged: true, unitsSoldChanged: false };

  it('reads back what was sent, and takes anything else for a full clear', () => {
    expect(parseAnnouncement(announcementPayload('me', change))).toEqual({ from: 'me', stock: change });
    expect(parseAnnouncement(announcementPayload('me', undefined))).toEqual({ from: 'me' });
    expect(parseAnnouncement('an-instance-id')).toEqual({ from: 'an-instance-id' });
    expect(parseAnnouncement('{"from":"x","stock":{"shoeIds":[1]}}')).toEqual({ from: 'x' });
    expect(parseAnnouncement('null')).toEqual({ from: 'null' });
  });

  it('sends a change too long for a notification as a full clear', () => {
    const many = { ...change, shoeIds: Array.from({ length: 300 }, () => crypto.randomUUID()) };
    expect(parseAnnouncement(announcementPayload('me', many))).toEqual({ from: 'me' });
    const some = { ...change, shoeIds: many.shoeIds.slice(0, 150) };
    expect(parseAnnouncement(announcementPayload('me', some))).toEqual({ from: 'me', stock: some });
  });
});
