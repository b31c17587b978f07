import { asc, eq, sql } from 'drizzle-orm';
import type { RefundRefusal, RefundRequest } from '../../../domain/refunds.js';
import type { OrderStatus } from '../../../domain/constants.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../audit/audit-writer.js';
import { orderEvents, orderRefunds, orderShipments } from '../../db/schema.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { lockOrder, recordStaffOrderEvent, type OrderEvent } from '../../order-ledger/order-trail.js';
import { setOrderStatus } from '../../order-ledger/order-writer.js';
import {
  reserveRefund,
  settleRefund,
  type RefundOutcome,
  type RefundRow,
} from '../../order-ledger/refund-writer.js';

export type StartedRefund =
  | { kind: 'missing' }
  | { kind: 'refused'; refusal: RefundRefusal }
  /** The key came with another request (another body, or another order). */
  | { kind: 'key_reused' }
  | { kind: 'refund'; refund: RefundRow; chargeId: string };

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
        await setOrderStatus(tx, order.id, status);
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
     * webhook), by the refunds' one writer (src/server/order-ledger), which announces it and puts pairs back.
     */
    /** The refund as settled now, or undefined when it was settled already. */
    async settleRefund(id: string, outcome: RefundOutcome): Promise<RefundRow | undefined> {
      return db.transaction((tx) => settleRefund(tx, id, outcome));
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
