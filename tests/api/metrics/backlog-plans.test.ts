import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { backlogQueries, createBacklogRepository } from '../../../src/server/metrics/backlog-repository.js';
import { openPostgresTestDatabase } from '../support/test-database.js';

/**
 * The backlog gauges' counts, read at every scrape, on PostgreSQL with a long history behind each
 * queue (20,000 sent mails, dispatched events, finished jobs, delivered webhooks) and a few rows
 * waiting: EXPLAIN shows each count read on its index, never a scan of the table, and the counts are
 * exact.
 */
const HISTORY = 20_000;

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  const pool = database.pool!;
  await pool.query(`
    INSERT INTO mail_outbox ("to", subject, text, sent_at)
      SELECT 'someone@example.test', 'Sent ' || n, 'body', now() FROM generate_series(1, ${HISTORY}) n;
    INSERT INTO mail_outbox ("to", subject, text) SELECT 'someone@example.test', 'Waiting', 'body'
      FROM generate_series(1, 5);
    INSERT INTO domain_events (type, payload, dispatched_at)
      SELECT 'order.paid', '{}'::jsonb, now() FROM generate_series(1, ${HISTORY});
    INSERT INTO domain_events (type, payload) SELECT 'order.paid', '{}'::jsonb FROM generate_series(1, 6);
    INSERT INTO jobs (kind, state, payload)
      SELECT 'import', 'done', '{}'::jsonb FROM generate_series(1, ${HISTORY});
    INSERT INTO jobs (kind, state, payload) VALUES
      ('import', 'queued', '{}'), ('import', 'queued', '{}'), ('import', 'waiting', '{}');
    INSERT INTO webhook_endpoints (id, url, events, secret)
      VALUES ('00000000-0000-4000-8000-000000000001', 'https://example.test/hook', '[]', 'sealed');
    INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, state, retry_until)
      SELECT '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 'order.paid', '{}',
        CASE WHEN n <= 4 THEN 'pending' WHEN n = 5 THEN 'delivering' ELSE 'delivered' END,
        now() + interval '1 day'
      FROM generate_series(1, ${HISTORY} + 5) n;
  `);
  await pool.query('VACUUM ANALYZE mail_outbox, domain_events, jobs, webhook_deliveries');
});
afterAll(() => database?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan in the plan of `query`: its node type, table and index. */
async function scansOf(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { rows } = await database.pool!.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const scans: { node: string; table?: string; index?: string }[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] || node['Index Name']) {
      scans.push({ node: node['Node Type'], table: node['Relation Name'], index: node['Index Name'] });
    }
    node.Plans?.forEach(walk);
  };
  walk((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  return scans;
}

describe('the backlog counts on PostgreSQL', () => {
  it('read each queue on its index, not the table', async () => {
    const queries = backlogQueries(database.db);
    const expected = {
      unsentMails: ['mail_outbox', 'mail_outbox_unsent_idx'],
      undispatchedEvents: ['domain_events', 'domain_events_waiting_idx'],
      openJobs: ['jobs', 'jobs_claim_idx'],
      openDeliveries: ['webhook_deliveries', 'webhook_deliveries_due_idx'],
    } as const;
    for (const [name, [table, index]] of Object.entries(expected)) {
      const scans = await scansOf(queries[name as keyof typeof expected]());
      expect(scans, name).toHaveLength(1);
      expect(scans[0], name).toMatchObject({ table, index, node: expect.stringMatching(/^(Bitmap )?Index/) });
    }
  });

  it('count exactly what waits', async () => {
    const backlogs = createBacklogRepository(database.db);
    expect(await backlogs.unsentMails()).toBe(5);
    expect(await backlogs.undispatchedEvents()).toBe(6);
    expect(Object.fromEntries(await backlogs.openJobs())).toEqual({ queued: 2, waiting: 1 });
    expect(Object.fromEntries(await backlogs.openDeliveries())).toEqual({ pending: 4, delivering: 1 });
  });
});
