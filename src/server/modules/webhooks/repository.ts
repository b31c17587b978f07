import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import type { Database } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import type { AttemptResult } from './sender.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type EndpointValues = Pick<EndpointRow, 'url' | 'events' | 'description' | 'active'>;

/** A delivery queued: for one endpoint, one event, its body built already. */
export interface NewDelivery {
  endpointId: string;
  eventId: string;
  eventType: string;
  body: string;
}

const interval = (ms: number) => sql`${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * Webhooks' tables (docs/decisions/024): the only place that reads or writes them. A staff change
 * writes its audit entry in its own transaction. The delivery queue is claimed with a lease (FOR UPDATE
 * SKIP LOCKED): two instances never send the same delivery at once, and a dead one's are taken over
 * when the lease runs out. No transaction is held while a receiver is called.
 */
export function createWebhooksRepository(db: Database) {
  return {
    listEndpoints: () => db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt)),

    async endpoint(id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async insertEndpoint(
      values: EndpointValues & { secret: string },
      audited: Audited,
    ): Promise<EndpointRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(webhookEndpoints).values(values).returning();
        await recordAudit(tx, {
          actor: audited.actor,
          record: { ...audited.record, target: { ...audited.record.target, id: row!.id } },
        });
        return row!;
      });
    },

    /** New values (or a new sealed secret): the row, or undefined when there is no such endpoint. */
    async updateEndpoint(
      id: string,
      values: Partial<EndpointValues & { secret: string }>,
      audited: Audited,
    ): Promise<EndpointRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEndpoints)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (row) await recordAudit(tx, audited);
        return row;
      });
    },

    /** Whether there was one; its deliveries and their attempts go with it (foreign keys). */
    async deleteEndpoint(id: string, audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(webhookEndpoints)
          .where(eq(webhookEndpoints.id, id))
          .returning({ id: webhookEndpoints.id });
        if (deleted.length > 0) await recordAudit(tx, audited);
        return deleted.length > 0;
      });
    },

    /** The active endpoints that asked for this event. */
    subscribed(eventType: string): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.active, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
          ),
        );
    },

    /**
     * Queues deliveries, due now; one already queued for the same endpoint and event stays as it is
     * (an event handed over twice). Answers the ones queued now.
     */
    async enqueue(
      deliveries: readonly NewDelivery[],
      retryMs: number,
      audited?: Audited,
    ): Promise<DeliveryRow[]> {
      if (deliveries.length === 0) return [];
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(webhookDeliveries)
          .values(
            deliveries.map((delivery) => ({
              ...delivery,
              state: 'pending' as const,
              nextAttemptAt: sql`now()`,
              retryUntil: sql`now() + ${interval(retryMs)}`,
            })),
          )
          .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
          .returning();
        if (audited) await recordAudit(tx, audited);
        return rows;
      });
    },

    /**
     * Up to `limit` due deliveries (pending and due, or being sent on a lease that ran out), claimed
     * for `leaseMs`, each with its endpoint's address and sealed secret.
     */
    async claimDue(
      limit: number,
      leaseMs: number,
    ): Promise<(DeliveryRow & { url: string; secret: string })[]> {
      if (limit <= 0) return [];
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          sql`(${webhookDeliveries.state} = 'pending' AND ${webhookDeliveries.nextAttemptAt} <= now())
            OR (${webhookDeliveries.state} = 'delivering' AND ${webhookDeliveries.leaseUntil} < now())`,
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({ state: 'delivering', leaseUntil: sql`now() + ${interval(leaseMs)}` })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const endpoints = await db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            claimed.map((row) => row.endpointId),
          ),
        );
      const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
      return claimed.flatMap((row) => {
        const endpoint = byId.get(row.endpointId);
        return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret }] : [];
      });
    },

    /**
     * An attempt's outcome, logged, and the delivery's next state: delivered on a 2xx; otherwise due
     * again after `retryInMs`, or failed when that would pass its retry window. Only while this instance
     * still holds the claim it sent under (a taken-over delivery is not written twice).
     */
    async recordAttempt(
      delivery: Pick<DeliveryRow, 'id' | 'leaseUntil'>,
      startedAt: Date,
      result: AttemptResult,
      retryInMs: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(webhookAttempts).values({
          deliveryId: delivery.id,
          startedAt,
          durationMs: result.durationMs,
          status: result.status,
          error: result.error,
          responseExcerpt: result.excerpt,
        });
        const next = sql`now() + ${interval(retryInMs)}`;
        const gaveUp = sql`(${next} > ${webhookDeliveries.retryUntil})`;
        await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastStatus: result.status,
            lastError: result.error,
            responseExcerpt: result.excerpt,
            leaseUntil: null,
            ...(result.ok
              ? { state: 'delivered' as const, nextAttemptAt: null, deliveredAt: sql`now()` }
              : {
                  state: sql`CASE WHEN ${gaveUp} THEN 'failed' ELSE 'pending' END`,
                  nextAttemptAt: sql`CASE WHEN ${gaveUp} THEN NULL ELSE ${next} END`,
                }),
          })
          .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.state, 'delivering')));
      });
    },

    async delivery(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
      return row;
    },

    /** An endpoint's deliveries, newest first, a page at a time, and how many there are. */
    async deliveries(endpointId: string, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId)),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Each attempt of a delivery, oldest first. */
    attempts: (deliveryId: string) =>
      db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId))
        .orderBy(webhookAttempts.startedAt),

    /** A delivery due again now, with a new retry window; its id, attempts and log stay. */
    async replay(
      endpointId: string,
      id: string,
      retryMs: number,
      audited: Audited,
    ): Promise<DeliveryRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({
            state: 'pending',
            nextAttemptAt: sql`now()`,
            retryUntil: sql`now() + ${interval(retryMs)}`,
            leaseUntil: null,
          })
          .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
          .returning();
        if (row) await recordAudit(tx, audited);
        return row;
      });
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
