import { count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { domainEvents, jobs, mailOutbox, webhookDeliveries } from '../db/schema.js';

/** The job states still to be worked on; done, failed and cancelled jobs are history, not backlog. */
export const OPEN_JOB_STATES = ['queued', 'running', 'waiting'] as const;

/** The webhook delivery states still to be sent; delivered and failed ones are the log, not backlog. */
export const OPEN_DELIVERY_STATES = ['pending', 'delivering'] as const;

/**
 * The backlog counts as queries, each read on an index that holds only (or mostly) what waits, so a
 * count costs what is waiting, not the table's history: the outbox's `mail_outbox_unsent_idx` and
 * `domain_events_waiting_idx` (partial, `... is null`), `jobs_claim_idx` and
 * `webhook_deliveries_due_idx` (led by the state). tests/api/metrics/backlog-plans.test.ts checks
 * their plans on PostgreSQL with EXPLAIN.
 */
export function backlogQueries(db: Database) {
  return {
    unsentMails: () => db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt)),
    undispatchedEvents: () =>
      db.select({ n: count() }).from(domainEvents).where(isNull(domainEvents.dispatchedAt)),
    openJobs: () =>
      db
        .select({ state: jobs.state, n: count() })
        .from(jobs)
        .where(inArray(jobs.state, [...OPEN_JOB_STATES]))
        .groupBy(jobs.state),
    openDeliveries: () =>
      db
        .select({ state: webhookDeliveries.state, n: count() })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.state, [...OPEN_DELIVERY_STATES]))
        .groupBy(webhookDeliveries.state),
  };
}

/**
 * What is still waiting, counted at each scrape (database-gauges.ts): one count per queue.
 * Read-only: the tables' writers are the mail, events, jobs and webhooks code.
 */
export function createBacklogRepository(db: Database) {
  const queries = backlogQueries(db);
  return {
    async unsentMails(): Promise<number> {
      const [row] = await queries.unsentMails();
      return row?.n ?? 0;
    },
    async undispatchedEvents(): Promise<number> {
      const [row] = await queries.undispatchedEvents();
      return row?.n ?? 0;
    },
    async openJobs(): Promise<Map<string, number>> {
      const rows = await queries.openJobs();
      return new Map(rows.map((row) => [row.state, row.n]));
    },
    async openDeliveries(): Promise<Map<string, number>> {
      const rows = await queries.openDeliveries();
      return new Map(rows.map((row) => [row.state, row.n]));
    },
  };
}

export type BacklogRepository = ReturnType<typeof createBacklogRepository>;
