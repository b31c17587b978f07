import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANNEL } from '../../src/server/cache/cache-sync.js';
import { paymentMethodBody } from '../fixtures/payment.js';
import { createDatabase } from './support/postgres-database.js';
import { killServers, shopClient, startServer } from './support/server-process.js';

/**
 * The shop killed between a commit and its dispatch (docs/decisions/017), as a real process on
 * PostgreSQL: a trigger the test adds holds the dispatcher's "dispatched" mark, the process is
 * SIGKILLed while it waits there, and the next start hands the event over again. (On PGlite the
 * same state is made in-process: tests/api/domain-events.test.ts.)
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Polls a real condition until it holds, or fails saying what was awaited. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the shop killed between a commit and its dispatch (PostgreSQL)', () => {
  it('loses no event: the next start hands it over', async () => {
    const database = await createDatabase('shop_events_crash');
    cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-events-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PAYMENTS: 'test',
    };
    const first = await startServer(env, { readyPath: '/api/shoes?limit=1' });
    const send = shopClient(first.base);
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

    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    cleanups.push(() => direct.end());
    const heard: string[] = [];
    direct.on('notification', (message) => heard.push(message.payload ?? ''));
    await direct.query(`LISTEN ${CATALOG_CHANNEL}`);
    // Marking an event dispatched waits here until the process is killed.
    await direct.query(`
      CREATE FUNCTION hold_dispatch_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(120); RETURN NEW; END $$;
      CREATE TRIGGER hold_dispatch_mark BEFORE UPDATE ON domain_events FOR EACH ROW
        WHEN (OLD.dispatched_at IS NULL AND NEW.dispatched_at IS NOT NULL)
        EXECUTE FUNCTION hold_dispatch_mark();`);

    // The checkout commits (order, stock, its stock.changed event) and its dispatch waits on the mark.
    const checkout = send(
      'POST',
      '/api/cart/checkout',
      {
        id: method.json().id,
        shoes: [{ _id: shoe!._id, size, quantity: 1 }],
        amount: Math.round(shoe!.price * 100),
      },
      shopper.cookie,
    ).catch((error: unknown) => error);
    await until(async () => {
      const { rows } = await direct.query(
        "select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
      );
      return rows[0].n > 0;
    }, 'the dispatcher waits on the mark');
    first.child.kill('SIGKILL');
    await first.exited;
    await checkout;
    await direct.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
    );
    await direct.query('DROP TRIGGER hold_dispatch_mark ON domain_events');

    // Committed, never marked: the order and its event are there, the event undispatched.
    const { rows: orders } = await direct.query('select count(*)::int as n from orders');
    expect(orders[0].n).toBe(1);
    const waiting = async () =>
      (
        await direct.query(
          "select count(*)::int as n from domain_events where type = 'stock.changed' and dispatched_at is null",
        )
      ).rows[0].n as number;
    expect(await waiting()).toBe(1);
    const announcedBefore = heard.filter((payload) => payload.includes(shoe!._id)).length;

    // Started again: its sweep hands the event over (the other instances hear of it again) and marks it.
    await startServer(env, { readyPath: '/api/shoes?limit=1' });
    await until(async () => (await waiting()) === 0, 'the event is dispatched after the restart');
    await until(
      () => heard.filter((payload) => payload.includes(shoe!._id)).length > announcedBefore,
      'the other instances are told again',
    );
  }, 180_000);
});
