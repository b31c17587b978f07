import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../tests/api/metrics/metrics-text.js';
import type { BacklogRepository } from './backlog-repository.js';
import { watchDatabase } from './database-gauges.js';
import { createShopMetrics } from './shop-metrics.js';

const backlogs = (counts: Partial<BacklogRepository> = {}): BacklogRepository => ({
  unsentMails: async () => 4,
  undispatchedEvents: async () => 7,
  openJobs: async () => new Map([['queued', 2]]),
  openDeliveries: async () => new Map([['pending', 5]]),
  ...counts,
});

describe('watchDatabase', () => {
  it("reads the pool's counters and the counts at each scrape", async () => {
    const metrics = createShopMetrics();
    const pool = { totalCount: 8, idleCount: 3, waitingCount: 2, options: { max: 10 } } as unknown as pg.Pool;
    watchDatabase(metrics, { pool, backlogs: backlogs() });
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'shop_db_pool_connections', { state: 'in_use' })).toBe(5);
    expect(sampleOf(text, 'shop_db_pool_connections', { state: 'idle' })).toBe(3);
    expect(sampleOf(text, 'shop_db_pool_waiting')).toBe(2);
    expect(sampleOf(text, 'shop_db_pool_max')).toBe(10);
    expect(sampleOf(text, 'shop_mail_outbox_backlog')).toBe(4);
    expect(sampleOf(text, 'shop_domain_events_backlog')).toBe(7);
    expect(sampleOf(text, 'shop_jobs_backlog', { state: 'queued' })).toBe(2);
    expect(sampleOf(text, 'shop_jobs_backlog', { state: 'waiting' })).toBe(0);
    expect(sampleOf(text, 'shop_webhook_deliveries_backlog', { state: 'pending' })).toBe(5);
    expect(sampleOf(text, 'shop_webhook_deliveries_backlog', { state: 'delivering' })).toBe(0);
  });

  it('reports NaN for a count that fails, and still answers the rest', async () => {
    const metrics = createShopMetrics();
    const failing = backlogs({ unsentMails: () => Promise.reject(new Error('database away')) });
    watchDatabase(metrics, { pool: undefined, backlogs: failing });
    const text = await metrics.registry.metrics();
    expect(sampleOf(text, 'shop_mail_outbox_backlog')).toBeNaN();
    expect(sampleOf(text, 'shop_domain_events_backlog')).toBe(7);
    expect(sampleOf(text, 'shop_db_pool_connections', { state: 'in_use' })).toBe(0);
  });
});
