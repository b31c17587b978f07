import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, domainEvents, jobs, mailOutbox } from '../../../src/server/db/schema.js';
import { paymentMethodBody } from '../../fixtures/payment.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { sampleOf } from './metrics-text.js';

/**
 * The shop's own series, read from /metrics after known traffic: requests by route pattern,
 * checkouts by outcome counted exactly, the provider's calls timed, the cache's hits and misses,
 * and the gauges read at scrape time (pool, mail outbox, domain events, jobs).
 */
const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
let ids: Map<string, string>;
let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  ({ shoeIds: ids } = await insertCatalog(
    t.database.db,
    ['Stride'],
    [
      { name: 'Cloud Runner', brand: 'Stride', color: 'Red', price: 120, sizes: [['9', 5]] },
      { name: 'Last Pair', brand: 'Stride', color: 'Black', price: 60, sizes: [['9.5', 1]] },
    ],
  ));
  shopper = await signUp(t.app);
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};

let requests = 0;
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_ORIGIN, cookie: shopper.cookie },
    remoteAddress: `10.40.${Math.floor(requests / 250)}.${(requests++ % 250) + 1}`,
  });

async function checkout(number: string, body: Record<string, unknown>) {
  const method = await post('/api/payments/methods', paymentMethodBody({ number }));
  expect(method.statusCode, method.body).toBe(200);
  return post('/api/cart/checkout', { id: method.json().id, ...body });
}

const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';
const line = (shoe: string, size: string) => ({ _id: ids.get(shoe)!, size, quantity: 1 });

describe('GET /metrics', () => {
  it('counts requests under their route pattern, never the raw URL', async () => {
    const id = ids.get('Cloud Runner')!;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/shoes/${id}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/no/such/page/at/all' })).statusCode).toBe(404);
    const text = await scrape();
    const route = { route: '/api/shoes/:id', method: 'GET', status_class: '2xx' };
    expect(sampleOf(text, 'shop_http_requests_total', route)).toBe(3);
    expect(sampleOf(text, 'shop_http_request_duration_seconds_count', route)).toBe(3);
    expect(sampleOf(text, 'shop_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such/page');
    expect(sampleOf(text, 'shop_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    // The shoe's second and third reads came from the cache.
    expect(sampleOf(text, 'shop_catalog_cache_lookups_total', { store: 'answers', result: 'miss' })).toBe(1);
    expect(sampleOf(text, 'shop_catalog_cache_lookups_total', { store: 'answers', result: 'hit' })).toBe(2);
    // prom-client's process and Node.js series, event-loop lag among them.
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts checkouts by outcome and reason, exactly, and times the provider', async () => {
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'TENOFF', kind: 'percent', percent: 10, target: 'cart' });
    const paid = await checkout(GOOD, { shoes: [line('Cloud Runner', '9')], amount: 12000 });
    expect(paid.statusCode, paid.body).toBe(200);
    const coded = await checkout(GOOD, { shoes: [line('Last Pair', '9.5')], amount: 5400, code: 'TENOFF' });
    expect(coded.statusCode, coded.body).toBe(200);
    const declined = await checkout(DECLINED, { shoes: [line('Cloud Runner', '9')], amount: 12000 });
    expect(declined.statusCode, declined.body).toBe(402);
    const soldOut = await checkout(GOOD, { shoes: [line('Last Pair', '9.5')], amount: 6000 });
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    const badCode = await checkout(GOOD, { shoes: [line('Cloud Runner', '9')], amount: 12000, code: 'NOPE' });
    expect(badCode.statusCode, badCode.body).toBe(409);

    const text = await scrape();
    const checkouts = (outcome: string, reason: string) =>
      sampleOf(text, 'shop_checkouts_total', { outcome, reason });
    expect(checkouts('paid', 'paid')).toBe(2);
    expect(checkouts('refused', 'card_declined')).toBe(1);
    expect(checkouts('refused', 'sold_out')).toBe(1);
    expect(checkouts('refused', 'code_refused')).toBe(1);
    expect(sampleOf(text, 'shop_checkouts_total')).toBe(5);
    expect(sampleOf(text, 'shop_discount_code_uses_total')).toBe(1);
    // Five payment methods made, and three captures tried (two paid, one declined).
    const provider = (operation: string, result: string) =>
      sampleOf(text, 'shop_payment_provider_duration_seconds_count', { provider: 'test', operation, result });
    expect(provider('createPaymentMethod', 'ok')).toBe(5);
    expect(provider('charge', 'ok')).toBe(2);
    expect(provider('charge', 'refused')).toBe(1);
  });

  it('reads the pool and the queues at scrape time', async () => {
    const before = await scrape();
    const mails = sampleOf(before, 'shop_mail_outbox_backlog')!;
    const events = sampleOf(before, 'shop_domain_events_backlog')!;
    expect(mails).toBeGreaterThanOrEqual(0);
    await t.database.db.insert(mailOutbox).values({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    await t.database.db.insert(domainEvents).values({ type: 'test.waiting', payload: {} });
    await t.database.db.insert(jobs).values([
      { kind: 'test', state: 'queued', payload: {} },
      { kind: 'test', state: 'queued', payload: {} },
      { kind: 'test', state: 'done', payload: {} },
    ]);
    const after = await scrape();
    expect(sampleOf(after, 'shop_mail_outbox_backlog')).toBe(mails + 1);
    expect(sampleOf(after, 'shop_domain_events_backlog')).toBe(events + 1);
    expect(sampleOf(after, 'shop_jobs_backlog', { state: 'queued' })).toBe(2);
    expect(sampleOf(after, 'shop_jobs_backlog', { state: 'running' })).toBe(0);
    // Nothing else runs: no query waits for a connection.
    expect(sampleOf(after, 'shop_db_pool_waiting')).toBe(0);
    if (t.database.kind === 'postgres') {
      // The pool's own counts (the suite's PostgreSQL stage); its exhaustion is the test below.
      expect(sampleOf(after, 'shop_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(after).toContain(
        '# HELP shop_db_pool_waiting Queries waiting for a pool connection (all are lent).\n',
      );
    } else {
      // PGlite has no pool: reported as 0, as the help text says.
      expect(sampleOf(after, 'shop_db_pool_connections', { state: 'in_use' })).toBe(0);
      expect(after).toContain(
        '# HELP shop_db_pool_waiting Queries waiting for a pool connection (all are lent). Always 0 on PGlite',
      );
    }
  });

  it('is left out of the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('the pool gauges on PostgreSQL', () => {
  it('report a full pool: every connection lent, none idle, requests waiting', async () => {
    const pg = await createTestApp({ METRICS_TOKEN: TOKEN }, { postgres: true });
    const pool = pg.database.pool!;
    const held: PoolClient[] = [];
    const waiters: Promise<PoolClient>[] = [];
    try {
      const read = async () =>
        (
          await pg.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${TOKEN}` },
          })
        ).body;
      const max = pool.options.max;
      // Every connection lent (to this test, or to the app's LISTEN and sweeps), then more asked for.
      while (pool.totalCount < max || pool.idleCount > 0) held.push(await pool.connect());
      for (let i = 0; i < 5; i++) waiters.push(pool.connect());
      const text = await read();
      expect(sampleOf(text, 'shop_db_pool_max')).toBe(max);
      expect(sampleOf(text, 'shop_db_pool_connections', { state: 'in_use' })).toBe(max);
      expect(sampleOf(text, 'shop_db_pool_connections', { state: 'idle' })).toBe(0);
      expect(sampleOf(text, 'shop_db_pool_waiting')).toBeGreaterThanOrEqual(1);
      // The counts found no connection in time: NaN, and the scrape was not held up.
      expect(sampleOf(text, 'shop_mail_outbox_backlog')).toBeNaN();
    } finally {
      held.forEach((client) => client.release());
      for (const waiter of waiters) (await waiter).release();
      await pg.close();
    }
  });
});
