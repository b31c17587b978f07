import { count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { domainEvents, jobs, mailOutbox } from '../db/schema.js';

/** The job states still to be worked on; done, failed and cancelled jobs are history, not backlog. */
export const OPEN_JOB_STATES = ['queued', 'running', 'waiting'] as const;

/**
 * What is still waiting, counted at each scrape (database-gauges.ts): one count per queue, the
 * outbox's and the jobs' on their partial and state indexes. Read-only: the tables' writers are
 * the mail, events and jobs code.
 */
export function createBacklogRepository(db: Database) {
  return {
    async unsentMails(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
      return row?.n ?? 0;
    },
    async undispatchedEvents(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt));
      return row?.n ?? 0;
    },
    async openJobs(): Promise<Map<string, number>> {
      const rows = await db
        .select({ state: jobs.state, n: count() })
        .from(jobs)
        .where(inArray(jobs.state, [...OPEN_JOB_STATES]))
        .groupBy(jobs.state);
      return new Map(rows.map((row) => [row.state, row.n]));
    },
  };
}

export type BacklogRepository = ReturnType<typeof createBacklogRepository>;
