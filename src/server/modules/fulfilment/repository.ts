// One file because an order's status, shipment, refunds and their trail share one row lock and one
// trail writer (lockOrder, recordStaffOrderEvent); returns-repository.ts builds on them. Issue 30 item 2
// would move returns into a module of their own once these pieces are in the kernel.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  leftCents,
  priceRefund,
  type RefundLedger,
  type RefundRefusal,
  type RefundRequest,
} from '../../../domain/refunds.js';
import { isUuid } from '../../../domain/catalog.js';
import type { OrderStatus } from '../../../domain/constants.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import type { AuditAction } from '../../../domain/audit.js';
import type { Database } from '../../db/client.js';
import { recordAudit, type Actor } from '../../audit/audit-writer.js';
import {
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  returnRequests,
} from '../../db/schema.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { putBackPairs } from '../../stock/stock-writer.js';

type RefundRow = typeof orderRefunds.$inferSelect;

export type StartedRefund =
  | { kind: 'missing' }
  | { kind: 'refused'; refusal: RefundRefusal }
  /** The key came with another request (another body, or another order). */
  | { kind: 'key_reused' }
  | { kind: 'refund'; refund: RefundRow; chargeId: string };

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** An entry of an order's audit trail. */
export interface OrderEvent {
  at: string;
  actor: string;
  kind: 'status' | 'shipment' | 'refund' | 'return';
  details: Record<string, unknown>;
}

/** The audit log's kind for each staff change on an order's trail. */
const AUDITED: Record<OrderEvent['kind'], AuditAction> = {
  status: 'order.status',
  shipment: 'order.shipment',
  refund: 'order.refund',
  return: 'order.return',
};

/**
 * An entry on an order's trail, for a change a staff member made: it goes to the staff audit log
 * too, in the same transaction.
 */
export async function recordStaffOrderEvent(
  tx: Tx,
  order: Pick<LockedOrder, 'id' | 'idPayment'>,
  actor: Actor,
  kind: OrderEvent['kind'],
  details: { before: unknown; after: unknown } & Record<string, unknown>,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: order.id, actorEmail: actor.email, kind, details });
  const { before, after, ...rest } = details;
  await recordAudit(tx, {
    actor,
    record: {
      action: AUDITED[kind],
      target: { type: 'order', id: order.id, label: order.idPayment },
      before,
      after: Object.keys(rest).length > 0 ? { value: after, ...rest } : after,
    },
  });
}

/** The order's row, locked for this transaction: by its id or its idPayment. */
export async function lockOrder(tx: Tx, idOrPayment: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      idPayment: orders.idPayment,
      amountCents: orders.amountCents,
      userId: orders.userId,
      receivedAt: orders.receivedAt,
      firstReceivedAt: orders.firstReceivedAt,
    })
    .from(orders)
    .where(
      isUuid(idOrPayment)
        ? or(eq(orders.id, idOrPayment), eq(orders.idPayment, idOrPayment))
        : eq(orders.idPayment, idOrPayment),
    )
    .for('update');
  return row;
}

/** A locked order's refunds and returns, as a refund is priced against them. */
export async function ledgerOf(
  tx: Tx | Database,
  order: Pick<LockedOrder, 'id' | 'amountCents'>,
): Promise<RefundLedger> {
  const [lines, refunds, returns] = await Promise.all([
    tx
      .select({
        lineId: orderLines.id,
        quantity: orderLines.quantity,
        paidCents: sql<number>`${orderLines.unitPriceCents} * ${orderLines.quantity} - ${orderLines.discountCents}`,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id)),
    tx
      .select({
        amountCents: orderRefunds.amountCents,
        lines: orderRefunds.lines,
        status: orderRefunds.status,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id)),
    tx
      .select({
        id: returnRequests.id,
        status: returnRequests.status,
        refundId: returnRequests.refundId,
        lines: returnRequests.lines,
        date: returnRequests.createdAt,
      })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))
      .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id)),
  ]);
  return {
    chargedCents: order.amountCents,
    lines: lines.map((line) => ({ ...line, paidCents: Number(line.paidCents) })),
    refunds,
    returns,
  };
}

/**
 * Writes a refund 'pending' on a locked order, priced against what is left of the payment and of
 * each line and what the waiting returns hold (pending refunds count: they may still go through),
 * with its trail entry. `forReturn` refunds that return's own pairs.
 */
export async function reserveRefund(
  tx: Tx,
  order: LockedOrder,
  request: Pick<RefundRequest, 'amount' | 'lines' | 'reason' | 'restock'> & { buyerMessage?: string },
  actor: Actor,
  key: { requestKey: string; requestHash?: string; forReturn?: string },
): Promise<{ ok: true; refund: RefundRow } | { ok: false; refusal: RefundRefusal }> {
  const ledger = await ledgerOf(tx, order);
  const given = ledger.chargedCents - leftCents(ledger);
  const result = priceRefund(request, ledger, key.forReturn);
  if (!result.ok) return { ok: false, refusal: result.refusal };
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountCents: result.cents,
      reason: request.reason,
      buyerMessage: request.buyerMessage ?? null,
      lines: request.lines ?? [],
      restock: request.restock,
      requestKey: key.requestKey,
      requestHash: key.requestHash ?? null,
      createdBy: actor.email,
    })
    .returning();
  await recordStaffOrderEvent(tx, order, actor, 'refund', {
    before: { refundedCents: given },
    after: { refundedCents: given + result.cents },
    reason: request.reason,
    ...(request.buyerMessage ? { buyerMessage: request.buyerMessage } : {}),
    lines: request.lines ?? [],
    restock: request.restock,
  });
  return { ok: true, refund: refund! };
}

/**
 * After the payment: an order's status, its shipment and its audit trail. Each change locks the
 * order's row and writes its trail entry in the same transaction, with the values before and after.
 */
export function createFulfilmentRepository(db: Database) {
  return {
    /** The order's id, or undefined when there is no such order. */
    async setStatus(idOrPayment: string, status: OrderStatus, actor: Actor): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, idOrPayment);
        if (!order) return undefined;
        if (order.status === status) return order.id;
        await tx
          .update(orders)
          .set(
            status === 'Received'
              ? {
                  status,
                  receivedAt: sql`now()`,
                  firstReceivedAt: sql`coalesce(${orders.firstReceivedAt}, now())`,
                }
              : { status, receivedAt: null },
          )
          .where(eq(orders.id, order.id));
        await recordStaffOrderEvent(tx, order, actor, 'status', { before: order.status, after: status });
        return order.id;
      });
    },

    /**
     * Records (or corrects) the order's shipment: 'unchanged' when it was shipped with the same
     * carrier and number already (a second press mails nobody twice).
     */
    async ship(
      idOrPayment: string,
      shipment: ShipmentRequest,
      actor: Actor,
    ): Promise<{ orderId: string; changed: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, idOrPayment);
        if (!order) return undefined;
        const [before] = await tx.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
        if (before?.carrier === shipment.carrier && before.trackingNumber === shipment.trackingNumber) {
          return { orderId: order.id, changed: false };
        }
        await tx
          .insert(orderShipments)
          .values({ orderId: order.id, ...shipment })
          .onConflictDoUpdate({
            target: orderShipments.orderId,
            set: { ...shipment, shippedAt: sql`now()` },
          });
        await recordStaffOrderEvent(tx, order, actor, 'shipment', {
          before: before ? { carrier: before.carrier, trackingNumber: before.trackingNumber } : null,
          after: shipment,
        });
        await recordEvents(tx, [{ type: 'order.shipped', payload: { orderId: order.id } }]);
        return { orderId: order.id, changed: true };
      });
    },

    /**
     * Writes a refund 'pending' under the order's row lock, after checking it against what is left
     * of the payment and of each line (pending refunds count: they may still go through). The same
     * key with the same request is the same refund; with another request, or on another order, it
     * is refused.
     */
    async startRefund(
      idOrPayment: string,
      request: RefundRequest,
      actor: Actor,
      key: { requestKey: string; requestHash: string },
    ): Promise<StartedRefund> {
      return db.transaction(async (tx): Promise<StartedRefund> => {
        const order = await lockOrder(tx, idOrPayment);
        if (!order) return { kind: 'missing' };
        const [earlier] = await tx
          .select()
          .from(orderRefunds)
          .where(eq(orderRefunds.requestKey, key.requestKey));
        if (earlier) {
          const same =
            earlier.orderId === order.id &&
            (earlier.requestHash === null || earlier.requestHash === key.requestHash);
          return same
            ? { kind: 'refund', refund: earlier, chargeId: order.idPayment }
            : { kind: 'key_reused' };
        }
        const reserved = await reserveRefund(tx, order, request, actor, key);
        return reserved.ok
          ? { kind: 'refund', refund: reserved.refund, chargeId: order.idPayment }
          : { kind: 'refused', refusal: reserved.refusal };
      });
    },

    /**
     * The provider's answer to a pending refund: once, whoever settles it first (a retry, the
     * webhook). A refund that went through puts its pairs back in stock when it was asked to, the
     * shoe's row before its stock rows, as the checkout takes them.
     */
    async settleRefund(
      id: string,
      outcome: { status: 'succeeded'; providerRefundId: string | null } | { status: 'failed' },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [refund] = await tx
          .update(orderRefunds)
          .set({
            status: outcome.status,
            providerRefundId: outcome.status === 'succeeded' ? outcome.providerRefundId : null,
            settledAt: sql`now()`,
          })
          .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')))
          .returning();
        if (!refund) return;
        if (outcome.status === 'succeeded') {
          const payload = { orderId: refund.orderId, refundId: refund.id };
          await recordEvents(tx, [{ type: 'order.refunded', payload }]);
        }
        // A return refunded with this refund: one step back when it failed, to be decided again.
        const [asked] = await tx
          .select({ id: returnRequests.id, status: returnRequests.status })
          .from(returnRequests)
          .where(eq(returnRequests.refundId, id));
        if (asked && outcome.status === 'failed') {
          const back = asked.status === 'received' ? 'approved' : 'requested';
          await tx
            .update(returnRequests)
            .set(
              back === 'approved'
                ? { status: back, refundId: null, receivedBy: null, receivedAt: null }
                : { status: back, refundId: null, decidedBy: null, decidedAt: null },
            )
            .where(eq(returnRequests.id, asked.id));
          await tx.insert(orderEvents).values({
            orderId: refund.orderId,
            actorEmail: 'payment service',
            kind: 'return',
            details: { before: asked.status, after: back, refundFailed: true },
          });
        }
        if (outcome.status === 'succeeded' && refund.restock && refund.lines.length > 0) {
          const lines = await tx
            .select({ id: orderLines.id, shoeId: orderLines.shoeId, size: orderLines.size })
            .from(orderLines)
            .where(
              inArray(
                orderLines.id,
                refund.lines.map((line) => line.lineId),
              ),
            );
          const back = refund.lines
            .map((asked) => ({
              ...lines.find((line) => line.id === asked.lineId)!,
              quantity: asked.quantity,
            }))
            .filter((line) => line.shoeId !== null);
          // Put back and announced by the stock's one writer (src/server/stock), in this transaction.
          await putBackPairs(
            tx,
            back.map((line) => ({ shoeId: line.shoeId!, size: line.size, quantity: line.quantity })),
          );
        }
      });
    },

    /** The order's audit trail, oldest first. */
    async events(orderId: string): Promise<OrderEvent[]> {
      const rows = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
      return rows.map((row) => ({
        at: row.createdAt.toISOString(),
        actor: row.actorEmail,
        kind: row.kind,
        details: row.details as Record<string, unknown>,
      }));
    },
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
