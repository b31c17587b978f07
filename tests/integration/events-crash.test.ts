import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANNEL } from '../../src/server/cache/cache-sync.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { SWEEP_GRACE_MS } from '../../src/server/events/dispatcher.js';
import { until } from '../api/support/lock-waits.js';
import { paymentMethodBody } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import { killServers, shopClient, startServer } from './support/server-process.js';

/**
 * The shop killed between a commit and its dispatch (docs/decisions/017), as a real process, on
 * both databases: a trigger the test adds holds the dispatcher's "dispatched" mark of the checkout's
 * stock.changed event, the process is SIGKILLed while it waits there, and the next start on the
 * same database hands the event over. On PostgreSQL the trigger sleeps in the server and the test
 * watches it from a connection of its own; on PGlite (`npm start`'s embedded database) the sleep
 * holds the whole shop process, so the trigger first writes a file into the data directory for the
 * test to see, and the test reads and changes the directory only while no server has it open.
 * (The same state made in-process: tests/api/events/domain-events.test.ts.)
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SHOP_ENV = { SEED: 'demo', LOG_LEVEL: 'warn', PAYMENTS: 'test' };
/** The catalogue answering means the demo seed is in. */
const READY = { readyPath: '/api/shoes?limit=1' };
/** Long past the test's kill: the process (PGlite) or the session (PostgreSQL) never gets out. */
const HOLD_SECONDS = 120;

/** Runs `hold` (PL/pgSQL) whenever a stock.changed event is about to be marked dispatched. */
const holdDispatchMark = (hold: string) => `
  CREATE FUNCTION hold_dispatch_mark() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${hold} RETURN NEW; END $$;
  CREATE TRIGGER hold_dispatch_mark BEFORE UPDATE ON domain_events FOR EACH ROW
    WHEN (NEW.type = 'stock.changed' AND OLD.dispatched_at IS NULL AND NEW.dispatched_at IS NOT NULL)
    EXECUTE FUNCTION hold_dispatch_mark();`;
const RELEASE_DISPATCH_MARK =
  'DROP TRIGGER hold_dispatch_mark ON domain_events; DROP FUNCTION hold_dispatch_mark();';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The orders, and the stock.changed events waiting for their dispatch or dispatched. */
async function books(query: Query) {
  const [orders] = await query('select count(*)::int as n from orders');
  const [events] = await query(
    `select count(*) filter (where dispatched_at is null)::int as waiting,
            count(*) filter (where dispatched_at is not null)::int as dispatched
       from domain_events where type = 'stock.changed'`,
  );
  return { orders: orders!.n, waiting: events!.waiting, dispatched: events!.dispatched };
}

/** On a seeded shop: a shopper with a card, and their checkout of one pair (which writes stock.changed). */
async function shopperBuyingAPair(base: string) {
  const send = shopClient(base);
  const [shoe] = (await send('GET', '/api/shoes?limit=1')).json() as {
    _id: string;
    price: number;
    stock: { size: string; quantity: number }[];
  }[];
  const size = shoe!.stock.find((entry) => entry.quantity > 0)!.size;
  const shopper = await send('POST', '/api/account/sign-up', {
    email: `events.crash.${Date.now()}@example.com`,
    password: 'secret123',
  });
  expect(shopper.status, shopper.text).toBe(200);
  const method = await send('POST', '/api/payments/methods', paymentMethodBody(), shopper.cookie);
  expect(method.status, method.text).toBe(200);
  return {
    shoeId: shoe!._id,
    /** Never answers: the process dies first. Settles with the error the kill gives it. */
    checkout: () =>
      send(
        'POST',
        '/api/cart/checkout',
        {
          id: method.json().id,
          shoes: [{ _id: shoe!._id, size, quantity: 1 }],
          amount: Math.round(shoe!.price * 100),
        },
        shopper.cookie,
      ).catch((error: unknown) => error),
  };
}

function freshDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-events-crash-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

describe('the shop killed between a commit and its dispatch (PostgreSQL)', () => {
  it('loses no event: the next start hands it over', async () => {
    const database = await createDatabase('shop_events_crash');
    cleanups.push(database.drop);
    const env = { ...SHOP_ENV, DATA_DIR: freshDataDir(), DATABASE_URL: database.url };
    const first = await startServer(env, READY);
    const shopper = await shopperBuyingAPair(first.base);

    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    cleanups.push(() => direct.end());
    const query: Query = async (text) => (await direct.query(text)).rows;
    const heard: string[] = [];
    direct.on('notification', (message) => heard.push(message.payload ?? ''));
    await direct.query(`LISTEN ${CATALOG_CHANNEL}`);
    await direct.query(holdDispatchMark(`PERFORM pg_sleep(${HOLD_SECONDS});`));

    // The checkout's reserve commits (its hold, the stock, a stock.changed event); the dispatch waits on the mark.
    const checkout = shopper.checkout();
    const sleeping =
      "select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()";
    await until(async () => (await query(sleeping))[0]!.n !== 0, 'the dispatcher waits on the mark', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await checkout;
    await direct.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
    );
    await direct.query(RELEASE_DISPATCH_MARK);

    // Committed, never marked: the checkout's reserve (its hold of the pair, docs/decisions/031) and its
    // stock.changed event are there, the event undispatched; the shop died before it charged.
    expect(await books(query)).toEqual({ orders: 0, waiting: 1, dispatched: 0 });
    const announcedBefore = heard.filter((payload) => payload.includes(shopper.shoeId)).length;

    // Started again: its sweep hands the event over (the other instances hear of it again) and marks it.
    await startServer(env, READY);
    await until(
      async () => (await books(query)).waiting === 0,
      'the event is dispatched after the restart',
      30_000,
    );
    // (The reconciler may since have released the expired hold, with a stock.changed of its own.)
    expect(await books(query)).toMatchObject({ orders: 0, waiting: 0 });
    expect((await books(query)).dispatched).toBeGreaterThanOrEqual(1);
    await until(
      () => heard.filter((payload) => payload.includes(shopper.shoeId)).length > announcedBefore,
      'the other instances are told again',
      30_000,
    );
  }, 180_000);
});

/** The data directory opened as the shop opens it, under its lock: never while a server has it. */
async function inDataDir<T>(dataDir: string, work: (query: Query, database: DatabaseHandle) => Promise<T>) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await work(
      async (text) => (await database.pglite!.query<Record<string, unknown>>(text)).rows,
      database,
    );
  } finally {
    await database.close();
  }
}

describe('the shop killed between a commit and its dispatch (PGlite)', () => {
  it('loses no event: the data directory reopens and the next start hands it over', async () => {
    const dataDir = freshDataDir();
    const env = { ...SHOP_ENV, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    // PGlite's data_directory is <DATA_DIR>/pglite on disk (db/client.ts): a file the trigger writes
    // there appears on disk before the sleep (a busy wait on the process's one thread) blocks it.
    const held = path.join(dataDir, 'pglite', 'dispatch-held');
    await inDataDir(dataDir, async (_, database) => {
      await migrateDatabase(database);
      await database.pglite!.exec(
        holdDispatchMark(`
          EXECUTE format('COPY (SELECT 1) TO %L', current_setting('data_directory') || '/dispatch-held');
          PERFORM pg_sleep(${HOLD_SECONDS});`),
      );
    });
    const first = await startServer(env, READY);
    const shopper = await shopperBuyingAPair(first.base);

    // The checkout's reserve commits (its hold, the stock, a stock.changed event); its dispatch holds the process.
    const checkout = shopper.checkout();
    await until(() => fs.existsSync(held), 'the dispatcher waits on the mark', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await checkout;
    fs.rmSync(held);

    // The directory reopens after the kill: committed, never marked, as on PostgreSQL.
    await inDataDir(dataDir, async (query, database) => {
      await database.pglite!.exec(RELEASE_DISPATCH_MARK);
      expect(await books(query)).toEqual({ orders: 0, waiting: 1, dispatched: 0 });
      // The sweep leaves events younger than its grace to the transaction writing them; a restart
      // after a real crash finds them older. Waited for on the database's clock, as the sweep reads it.
      const pastGrace = `select count(*)::int as n from domain_events where type = 'stock.changed'
        and created_at < clock_timestamp() - ${SWEEP_GRACE_MS} * interval '1 millisecond'`;
      await until(async () => (await query(pastGrace))[0]!.n === 1, "the event is past the sweep's grace");
    });

    // Started again: its start sweep, done before it answers (app.ts, onReady), hands the event over
    // and marks it. Nothing else can read the outbox while it runs: it is stopped cleanly, then read.
    const second = await startServer(env, READY);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
    await inDataDir(dataDir, async (query) => {
      // (The reconciler may since have released the expired hold, with a stock.changed of its own.)
      expect(await books(query)).toMatchObject({ orders: 0, waiting: 0 });
      expect((await books(query)).dispatched).toBeGreaterThanOrEqual(1);
    });
  }, 180_000);
});
