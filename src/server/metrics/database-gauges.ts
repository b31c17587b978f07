import type pg from 'pg';
import { Gauge } from 'prom-client';
import { OPEN_DELIVERY_STATES, OPEN_JOB_STATES, type BacklogRepository } from './backlog-repository.js';
import type { ShopMetrics } from './shop-metrics.js';

/**
 * How long a backlog count may take: with every pool connection lent, it would wait for one, and
 * the scrape with it, just when the pool gauges matter most.
 */
const COUNT_TIMEOUT_MS = 1_000;

/** `count`'s value, or `fallback` when it fails or takes longer than COUNT_TIMEOUT_MS. */
async function bounded<T>(count: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), COUNT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([count.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Gauges read when Prometheus scrapes (prom-client's collect callbacks), not kept up to date on
 * every change: the pool's counters, and one count per queue. A count that fails or is slow (the
 * database is away, the pool is full) reports NaN, which no alert threshold matches, rather than
 * failing or holding up the whole scrape. The pool's gauges are registered first: read before the
 * counts ask the pool for connections.
 */
export function watchDatabase(
  metrics: ShopMetrics,
  sources: { pool: pg.Pool | undefined; backlogs: BacklogRepository },
): void {
  const registers = [metrics.registry];
  const { pool, backlogs } = sources;
  const onPglite = pool ? '' : ' Always 0 on PGlite, which runs in the process with no pool.';

  new Gauge({
    name: 'shop_db_pool_connections',
    help: `PostgreSQL pool connections, by state (in_use: lent to a query or transaction; idle).${onPglite}`,
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: `Queries waiting for a pool connection (all are lent).${onPglite}`,
    registers,
    collect() {
      this.set(pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'shop_db_pool_max',
    help: `The pool's size (DATABASE_POOL_SIZE): its most connections.${onPglite}`,
    registers,
    collect() {
      this.set(pool?.options.max ?? 0);
    },
  });

  new Gauge({
    name: 'shop_mail_outbox_backlog',
    help: 'Mails in the outbox not sent yet.',
    registers,
    async collect() {
      this.set(await bounded(backlogs.unsentMails(), NaN));
    },
  });
  new Gauge({
    name: 'shop_domain_events_backlog',
    help: 'Domain events in the outbox not yet handed to their consumers.',
    registers,
    async collect() {
      this.set(await bounded(backlogs.undispatchedEvents(), NaN));
    },
  });
  new Gauge({
    name: 'shop_jobs_backlog',
    help: 'Durable jobs not finished, by state (queued, running, waiting).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const open = await bounded(backlogs.openJobs(), undefined);
      for (const state of OPEN_JOB_STATES) this.set({ state }, open ? (open.get(state) ?? 0) : NaN);
    },
  });
  new Gauge({
    name: 'shop_webhook_deliveries_backlog',
    help: 'Webhook deliveries not sent yet, by state (pending: waiting for an attempt or a retry; delivering).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const open = await bounded(backlogs.openDeliveries(), undefined);
      for (const state of OPEN_DELIVERY_STATES) this.set({ state }, open ? (open.get(state) ?? 0) : NaN);
    },
  });
}
