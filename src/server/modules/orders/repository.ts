import { asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { isUuid } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';
import { formatOrderNumber, parseOrderNumber } from '../../../domain/order-number.js';
import { returnWindowEnd } from '../../../domain/returns.js';
import { trackingUrl } from '../../../domain/shipping.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orderLines, orderRefunds, orders, orderShipments, returnRequests } from '../../db/schema.js';

type OrderRow = typeof orders.$inferSelect;

function shipmentAnswer(row: typeof orderShipments.$inferSelect | undefined): Order['shipment'] {
  if (!row) return null;
  return {
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    shippedAt: row.shippedAt.toISOString(),
  };
}

function shippingAnswer(row: OrderRow): Order['shipping'] {
  if (row.shippingMethod === null) return null;
  return {
    method: row.shippingMethod,
    amount: row.shippingCents,
    estimate: { from: row.deliveryFrom ?? '', to: row.deliveryTo ?? '' },
  };
}

/**
 * Orders as every reader sees them (issue 30: the orders' read model, one place): the checkout's
 * answers, the order page, the admin's list and view, fulfilment and returns, the data download.
 * Lines, shipment, refunds and returns are assembled here; nothing here writes.
 */
export function createOrdersReadModel(db: Database) {
  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [lines, shipments, refunds, returns] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.name), asc(orderLines.size)),
      db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids)),
      db
        .select()
        .from(orderRefunds)
        .where(inArray(orderRefunds.orderId, ids))
        .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
      db
        .select()
        .from(returnRequests)
        .where(inArray(returnRequests.orderId, ids))
        .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id)),
    ]);
    const shipmentOf = new Map(shipments.map((shipment) => [shipment.orderId, shipment]));
    return rows.map((row) => ({
      _id: row.id,
      number: formatOrderNumber(row.number),
      cardLast4: row.cardLast4,
      email: row.email,
      idPayment: row.idPayment,
      amount: row.amountCents,
      date: row.createdAt.toISOString(),
      status: row.status,
      discountCode: row.discountCode,
      discount: row.discountCents,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      deliveryAddress: row.deliveryAddress,
      billingAddress: row.billingAddress,
      shipping: shippingAnswer(row),
      tax: row.taxCents,
      taxRate: row.taxRateMilliPercent,
      shipment: shipmentAnswer(shipmentOf.get(row.id)),
      refunds: refunds
        .filter((refund) => refund.orderId === row.id)
        .map((refund) => ({
          _id: refund.id,
          amount: refund.amountCents,
          reason: refund.reason,
          message: refund.buyerMessage,
          status: refund.status,
          date: refund.createdAt.toISOString(),
          restock: refund.restock,
          lines: refund.lines,
        })),
      refunded: refunds
        .filter((refund) => refund.orderId === row.id && refund.status === 'succeeded')
        .reduce((sum, refund) => sum + refund.amountCents, 0),
      returns: returns
        .filter((asked) => asked.orderId === row.id)
        .map((asked) => ({
          _id: asked.id,
          status: asked.status,
          reason: asked.reason,
          note: asked.note,
          lines: asked.lines,
          date: asked.createdAt.toISOString(),
          decidedAt: asked.decidedAt?.toISOString() ?? null,
          receivedAt: asked.receivedAt?.toISOString() ?? null,
          message: asked.message,
          refundId: asked.refundId,
        })),
      returnableUntil:
        row.status === 'Received' ? (returnWindowEnd(row.firstReceivedAt)?.toISOString() ?? null) : null,
      shoe: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => ({
          _id: line.shoeId,
          lineId: line.id,
          name: line.name,
          image: line.image,
          quantity: line.quantity,
          price: line.unitPriceCents / 100,
          size: line.size,
          sku: line.sku,
          discount: line.discountCents / 100,
          tax: line.taxCents / 100,
        })),
    }));
  }

  /** By `_id` or by `idPayment`, with the owner so callers can check access. */
  async function find(idOrPayment: string): Promise<{ order: Order; userId: string } | undefined> {
    const byId = isUuid(idOrPayment);
    const [row] = await db
      .select()
      .from(orders)
      .where(
        byId
          ? or(eq(orders.id, idOrPayment), eq(orders.idPayment, idOrPayment))
          : eq(orders.idPayment, idOrPayment),
      );
    if (!row) return undefined;
    const [order] = await withLines([row]);
    return { order: order!, userId: row.userId };
  }

  return {
    async forUser(userId: string, limit: number): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
      return withLines(rows);
    },

    /** Every order, newest first, optionally those whose email or idPayment contains `q` (admin). */
    async list(query: PagedSearchQuery): Promise<{ items: Order[]; total: number }> {
      const pattern = query.q ? containsPattern(query.q) : undefined;
      const number = query.q ? parseOrderNumber(query.q) : undefined;
      const where = pattern
        ? or(
            ilike(orders.email, pattern),
            ilike(orders.idPayment, pattern),
            number === undefined ? undefined : eq(orders.number, number),
          )
        : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { items: await withLines(rows), total: counted?.n ?? 0 };
    },

    find,

    /** The order a checkout attempt recorded under its key, if any. */
    async findByKey(idempotencyKey: string): Promise<Order | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.idempotencyKey, idempotencyKey));
      return row ? (await find(row.id))?.order : undefined;
    },
  };
}

export type OrdersReadModel = ReturnType<typeof createOrdersReadModel>;
