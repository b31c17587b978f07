import { asc, eq, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../domain/catalog.js';
import type { OrderStatus } from '../../../domain/constants.js';
import type { ShipmentRequest } from '../../../domain/shipping.js';
import type { Database } from '../../db/client.js';
import { orderEvents, orders, orderShipments } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An entry of an order's audit trail. */
export interface OrderEvent {
  at: string;
  actor: string;
  kind: 'status' | 'shipment';
  details: Record<string, unknown>;
}

/**
 * After the payment: an order's status, its shipment and its audit trail. Each change locks the
 * order's row and writes its trail entry in the same transaction, with the values before and after.
 */
export function createFulfilmentRepository(db: Database) {
  /** The order's row, locked for this transaction: by its id or its idPayment. */
  async function lockOrder(tx: Tx, idOrPayment: string) {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        isUuid(idOrPayment)
          ? or(eq(orders.id, idOrPayment), eq(orders.idPayment, idOrPayment))
          : eq(orders.idPayment, idOrPayment),
      )
      .for('update');
    return row;
  }

  return {
    /** The order's id, or undefined when there is no such order. */
    async setStatus(
      idOrPayment: string,
      status: OrderStatus,
      actorEmail: string,
    ): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, idOrPayment);
        if (!order) return undefined;
        if (order.status === status) return order.id;
        await tx
          .update(orders)
          .set({ status, receivedAt: status === 'Received' ? sql`now()` : null })
          .where(eq(orders.id, order.id));
        await tx.insert(orderEvents).values({
          orderId: order.id,
          actorEmail,
          kind: 'status',
          details: { before: order.status, after: status },
        });
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
      actorEmail: string,
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
        await tx.insert(orderEvents).values({
          orderId: order.id,
          actorEmail,
          kind: 'shipment',
          details: {
            before: before ? { carrier: before.carrier, trackingNumber: before.trackingNumber } : null,
            after: shipment,
          },
        });
        return { orderId: order.id, changed: true };
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
