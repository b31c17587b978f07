import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  openDatabase,
  type DatabaseHandle,
} from '../../../src/server/db/client.js';
import { migrateDatabase } from '../../../src/server/db/migrate.js';
import { orderLines, orders, stockEntries } from '../../../src/server/db/schema.js';
import { paymentMethodBody, TEST_CARD_NUMBER_TYPED } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { untilNoIdleConnection } from '../support/idle-connections.js';
import { startProxy } from '../support/tcp-proxy.js';

/**
 * The database goes away (issue 7, item 4). The app talks to PostgreSQL
 * through a small TCP proxy that the test stops (connections refused, open
 * ones cut), makes hang (connections accepted, never answered) and restarts.
 * Meanwhile requests that need the database answer 503 with a clear message,
 * quickly, never a 500 or a stack trace; those that do not keep working; once
 * the proxy is back the same app serves again, without a restart.
 *
 * It always runs on the machine's PostgreSQL (127.0.0.1:5432, or DATABASE_URL
 * when set), in a database of its own: PGlite is embedded and cannot go away.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const UNAVAILABLE = {
  error: { code: 'database_unavailable', message: MESSAGES.common.databaseUnavailable },
};
const INITIAL_STOCK = 60;

const dbName = `shop_outage_${crypto.randomBytes(6).toString('hex')}`;
const baseUrl = new URL(BASE_URL);
const proxy = startProxy({ host: baseUrl.hostname, port: Number(baseUrl.port || 5432) });
let direct: DatabaseHandle;
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
let shoeId: string;
let shopper: Awaited<ReturnType<typeof signUp>>;
const figures: Record<string, unknown>[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${dbName}`));
  const directUrl = new URL(BASE_URL);
  directUrl.pathname = `/${dbName}`;
  // The test's own view of the data goes straight to PostgreSQL; the app's goes through the proxy.
  direct = await openDatabase({ kind: 'postgres', url: directUrl.toString(), poolSize: 2 });
  await migrateDatabase(direct);
  await proxy.listen();
  database = await openDatabase({ kind: 'postgres', url: proxy.url(dbName) });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outage-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
  app = await buildApp({
    config: { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    database,
    logger: false,
    bootstrapAdmin: false,
  });
  await app.ready();
  const { shoeIds } = await insertCatalog(
    direct.db,
    ['Velo'],
    [{ name: 'Outage Runner', brand: 'Velo', color: 'Red', price: 75, sizes: [['10', INITIAL_STOCK]] }],
  );
  shoeId = shoeIds.get('Outage Runner')!;
  shopper = await signUp(app);
});

afterAll(async () => {
  console.table(figures);
  await proxy.start().catch(() => undefined);
  await app?.close();
  await database?.close();
  await direct?.close();
  await proxy.stop();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let card = 0;
async function paymentMethod(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/methods',
    payload: paymentMethodBody({ number: TEST_CARD_NUMBER_TYPED }),
    headers: { cookie: shopper.cookie, origin: TEST_ORIGIN },
    remoteAddress: `10.77.0.${(card++ % 250) + 1}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

let listings = 0;
/** Each listing its own URL, so a catalogue response cache cannot answer in the database's place. */
const listShoes = () => app.inject({ method: 'GET', url: `/api/shoes?limit=${(listings++ % 100) + 1}` });
const checkout = (id: string, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    payload: { id, shoes: [{ _id: shoeId, size: '10', quantity: 1 }], amount: 7500 },
    headers: { cookie: shopper.cookie, origin: TEST_ORIGIN, 'idempotency-key': key },
  });

async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  const response = await request();
  return { response, ms: Date.now() - started };
}

function expectUnavailable(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.json(), what).toEqual(UNAVAILABLE);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body).not.toMatch(/\bat \S+:\d+|stack|ECONN|DrizzleQueryError|SELECT|select /);
}

/** Stock taken equals units in orders; no order without lines; never negative. */
async function expectStockMatchesOrders() {
  const [row] = await direct.db
    .select({ quantity: stockEntries.quantity })
    .from(stockEntries)
    .where(eq(stockEntries.shoeId, shoeId));
  const lines = await direct.db.select().from(orderLines);
  const orderRows = await direct.db.select().from(orders);
  for (const order of orderRows) expect(lines.some((line) => line.orderId === order.id)).toBe(true);
  expect(row!.quantity).toBeGreaterThanOrEqual(0);
  expect(INITIAL_STOCK - row!.quantity).toBe(lines.reduce((sum, line) => sum + line.quantity, 0));
  return { stock: row!.quantity, orders: orderRows.length };
}

describe('the database goes away and comes back', () => {
  it('serves normally through the proxy', async () => {
    expect(database.kind).toBe('postgres');
    expect((await listShoes()).statusCode).toBe(200);
    const paid = await checkout(await paymentMethod(), 'outage-before-0001');
    expect(paid.statusCode, paid.body).toBe(200);
    await expectStockMatchesOrders();
  });

  it('answers 503 with a clear message at once while the database refuses connections', async () => {
    const method = await paymentMethod();
    await proxy.stop();
    const shoes = await timed(listShoes);
    expectUnavailable(shoes.response, 'GET /api/shoes');
    const one = await timed(() => app.inject({ method: 'GET', url: `/api/shoes/${shoeId}?during=outage` }));
    expectUnavailable(one.response, 'GET /api/shoes/:id');
    const paid = await timed(() => checkout(method, 'outage-down-0002'));
    expectUnavailable(paid.response, 'POST /api/cart/checkout');
    const mine = await timed(() =>
      app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: shopper.cookie } }),
    );
    expectUnavailable(mine.response, 'GET /api/account/session');
    // Many at once: every one a 503, none a 500, none left waiting.
    const burst = await timed(async () => {
      const responses = await Promise.all(Array.from({ length: 25 }, () => listShoes()));
      responses.forEach((response) => expectUnavailable(response, 'burst'));
      return responses[0]!;
    });
    for (const { ms } of [shoes, one, paid, mine, burst]) expect(ms).toBeLessThan(1_500);
    // What does not need the database is unaffected.
    const config = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.statusCode).toBe(200);
    figures.push({
      phase: 'refused',
      shoesMs: shoes.ms,
      shoeMs: one.ms,
      checkoutMs: paid.ms,
      accountMs: mine.ms,
      burst25Ms: burst.ms,
    });
  });

  it('answers 503 within the connection timeout while the database does not answer at all', async () => {
    await proxy.start();
    const method = await paymentMethod();
    await proxy.hang();
    // The pool has dropped the connections the proxy cut, so these requests need new ones.
    await untilNoIdleConnection(database.pool!);
    const [shoes, paid] = await Promise.all([
      timed(listShoes),
      timed(() => checkout(method, 'outage-hang-0003')),
    ]);
    expectUnavailable(shoes.response, 'GET /api/shoes (hanging)');
    expectUnavailable(paid.response, 'POST /api/cart/checkout (hanging)');
    for (const { ms } of [shoes, paid]) {
      expect(ms).toBeGreaterThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 2_500);
    }
    figures.push({ phase: 'hanging', shoesMs: shoes.ms, checkoutMs: paid.ms });
  });

  it('serves again once the database is back, without a restart, and the failed checkout can be retried', async () => {
    await proxy.start();
    const started = Date.now();
    const shoes = await listShoes();
    expect(shoes.statusCode, shoes.body).toBe(200);
    expect(shoes.json()).toEqual([expect.objectContaining({ _id: shoeId })]);
    const one = await app.inject({ method: 'GET', url: `/api/shoes/${shoeId}?during=outage` });
    expect(one.statusCode, one.body).toBe(200);
    // The checkout refused during the outage goes through with its own key, once.
    const method = await paymentMethod();
    const retried = await checkout(method, 'outage-down-0002');
    expect(retried.statusCode, retried.body).toBe(200);
    const again = await checkout(method, 'outage-down-0002');
    expect(again.json()).toEqual(retried.json());
    const kept = await direct.db.select().from(orders).where(eq(orders.idempotencyKey, 'outage-down-0002'));
    expect(kept).toHaveLength(1);
    // The pool is whole: as many parallel requests as it has connections, and more, succeed.
    const burst = await Promise.all(Array.from({ length: 25 }, () => listShoes()));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(25).fill(200));
    figures.push({ phase: 'back', recoveredMs: Date.now() - started, ...(await expectStockMatchesOrders()) });
  });

  it('cut in the middle of a checkout load: some answered 200, the others 503, and orders and stock agree', async () => {
    const methods = await Promise.all(Array.from({ length: 20 }, () => paymentMethod()));
    // The first half at once; the database is cut the moment the first of them is answered (the
    // others still in flight), and the second half is sent once it is down.
    const FIRST_HALF = 10;
    let cutting = false;
    let cutDone!: () => void;
    const cut = new Promise<void>((resolve) => (cutDone = resolve));
    const firstHalf = methods.slice(0, FIRST_HALF).map(async (method, i) => {
      const response = await checkout(method, `outage-load-${String(i).padStart(4, '0')}`);
      if (!cutting) {
        cutting = true;
        void proxy.stop().then(cutDone);
      }
      return response;
    });
    await cut;
    const secondHalf = methods
      .slice(FIRST_HALF)
      .map((method, i) => checkout(method, `outage-load-${String(FIRST_HALF + i).padStart(4, '0')}`));
    const responses = await Promise.all([...firstHalf, ...secondHalf]);
    const codes = responses.map((response) => response.statusCode);
    // Paid while the database was there, refused once it was gone: both happened, nothing else did.
    expect(codes, 'answered 200 before the cut').toContain(200);
    expect(codes, 'answered 503 after the cut').toContain(503);
    for (const response of responses) {
      if (response.statusCode !== 200) expectUnavailable(response, 'checkout cut mid-flight');
    }
    for (const response of responses.slice(FIRST_HALF)) expectUnavailable(response, 'checkout after the cut');
    await proxy.start();
    // Every order the shopper was told about is there, with its lines.
    for (const response of responses.filter((r) => r.statusCode === 200)) {
      const found = await app.inject({
        method: 'GET',
        url: `/api/cart/order/${response.json().order._id}`,
        headers: { cookie: shopper.cookie },
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().shoe).toHaveLength(1);
    }
    // Retried with their keys once the database is back, every cut checkout ends with one order.
    for (const [i, response] of responses.entries()) {
      if (response.statusCode === 200) continue;
      const key = `outage-load-${String(i).padStart(4, '0')}`;
      let retry = await checkout(methods[i]!, key);
      // "Still being processed" (the background reconciliation has it this instant) means: try again.
      for (let tries = 0; retry.statusCode === 409 && tries < 30; tries++) {
        expect(retry.json().error.message).toBe(MESSAGES.checkout.inProgress);
        await new Promise((resolve) => setTimeout(resolve, 100));
        retry = await checkout(methods[i]!, key);
      }
      expect(retry.statusCode, retry.body).toBe(200);
    }
    for (const i of methods.keys()) {
      const key = `outage-load-${String(i).padStart(4, '0')}`;
      expect(await direct.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    }
    const books = await expectStockMatchesOrders();
    // No connection was lost to the pool on the way: none is still checked out, all serve again.
    const pool = database.pool!;
    expect(pool.totalCount - pool.idleCount, 'connections still checked out').toBe(0);
    const burst = await Promise.all(Array.from({ length: 25 }, () => listShoes()));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(25).fill(200));
    figures.push({
      phase: 'cut mid-load',
      answered200: codes.filter((code) => code === 200).length,
      answered503: codes.filter((code) => code === 503).length,
      ...books,
    });
  });
});
