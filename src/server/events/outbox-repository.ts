import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { domainEvents } from '../db/schema.js';
import type { DomainEvent, StoredEvent } from './domain-events.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The events written inside a transaction begun through the dispatcher's database (dispatcher.ts),
 * so that it hands them over the moment that transaction commits.
 */
export const eventsOfTransaction = new AsyncLocalStorage<StoredEvent[]>();

/**
 * Writes what a change did, in the change's own transaction: committed with it or not at all. The
 * dispatcher hands the events over once that transaction has committed (or, written outside one of
 * its transactions, at its next sweep).
 */
export async function recordEvents(tx: Tx | Database, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await tx
    .insert(domainEvents)
    .values(events.map((event) => ({ type: event.type, payload: event.payload })))
    .returning({ id: domainEvents.id });
  eventsOfTransaction
    .getStore()
    ?.push(...rows.map((row, index) => ({ ...events[index]!, id: row.id }) as StoredEvent));
}

/** The outbox's queue: read, claimed and marked by the dispatcher only. */
export function createOutboxRepository(db: Database) {
  const stored = (row: typeof domainEvents.$inferSelect) =>
    ({ id: row.id, type: row.type, payload: row.payload }) as StoredEvent;

  return {
    /**
     * Claims for `leaseMs` the oldest undispatched events written more than `graceMs` ago whose
     * claim, if any, ran out (a crashed instance's). SKIP LOCKED: two instances never claim the same
     * event at once.
     */
    async claim(options: { graceMs: number; limit: number; leaseMs: number }) {
      const waiting = and(
        isNull(domainEvents.dispatchedAt),
        or(isNull(domainEvents.claimedUntil), lt(domainEvents.claimedUntil, sql`now()`)),
      );
      // The database's clock, as the events' `created_at`: never this process's against it.
      const which = and(
        waiting,
        lt(domainEvents.createdAt, sql`clock_timestamp() - ${options.graceMs} * interval '1 millisecond'`),
      );
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(domainEvents)
          .where(which)
          .orderBy(asc(domainEvents.createdAt))
          .limit(options.limit)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return [];
        await tx
          .update(domainEvents)
          .set({ claimedUntil: sql`now() + ${`${options.leaseMs} milliseconds`}::interval` })
          .where(
            inArray(
              domainEvents.id,
              rows.map((row) => row.id),
            ),
          );
        return rows.map(stored);
      });
    },

    async markDispatched(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(domainEvents)
        .set({ dispatchedAt: sql`now()`, claimedUntil: null })
        .where(inArray(domainEvents.id, [...ids]));
    },

    /** Events dispatched long ago are history nobody reads: dropped in batches. */
    async dropDispatched(before: Date): Promise<void> {
      await db.delete(domainEvents).where(lt(domainEvents.dispatchedAt, before));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
