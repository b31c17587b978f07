// Orders as the checkout knows them: the writes of its one transaction (claim, order; the code's use
// and the stock are written by their owners inside it) and the read model built on them. Issue 30
// item 2 still gives the read model to an orders module.
import { asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { isUuid } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  brands,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  returnRequests,
  shoes,
} from '../../db/schema.js';
import { returnWindowEnd } from '../../../domain/returns.js';
import { trackingUrl } from '../../../domain/shipping.js';
import { lockClaim } from './attempts-repository.js';
import type { AppliedDiscount, PricedLine, ShoePrice } from './pricing.js';
import type { StockChange } from '../../cache/cache-tags.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { takePairs } from '../../stock/stock-writer.js';

type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An order as the checkout records it: its lines are priced, its payment captured. */
export interface NewOrder {
  userId: string;
  email: string;
  /** The captured payment: the order's `idPayment`. */
  paymentId: string;
  amountCents: number;
  /** The checkout attempt's key: one order per key. */
  idempotencyKey: string;
  paymentMethodId: string;
  lines: PricedLine[];
  discount: AppliedDiscount | undefined;
}

/** What the checkout does inside its one transaction: commit all of it, or none. */
export interface OrderTransaction {
  /** Locks the checkout attempt while `token` still claims it; false when the claim is gone. */
  holdClaim(key: string, token: string): Promise<boolean>;
  /**
   * Counts one use of the order's code, if it still has one to give (and this shopper has not used
   * it when it is once per customer): 'used_up' or 'used_by_you' otherwise, and nothing is kept.
   */
  useCode(
    discount: AppliedDiscount,
    userId: string,
    today: string,
  ): Promise<'ok' | 'used_up' | 'used_by_you' | 'inactive'>;
  /**
   * Takes the stock of every line: what changed in the catalogue (announced with the order, as an
   * event of this transaction), or the first line out of stock (then nothing is to be kept).
   */
  takeStock(lines: PricedLine[]): Promise<{ short: PricedLine } | { taken: StockChange }>;
  /** Inserts the order and its lines; returns its id. */
  insert(order: NewOrder): Promise<string>;
}

/**
 * A discount code's use, written by the codes' owner (modules/discounts) inside the checkout's
 * transaction: given at composition (plugins/services.ts).
 */
export interface CodeUse {
  /** One more use of the code, if it still has one to give: its row is the order's first lock. */
  use(
    tx: Tx,
    discount: AppliedDiscount,
    userId: string,
    today: string,
  ): Promise<'ok' | 'used_up' | 'used_by_you' | 'inactive'>;
  /** The use's record, with the order it went to. */
  redeem(
    tx: Tx,
    redemption: {
      codeId: string;
      orderId: string;
      userId: string;
      oncePerCustomer: boolean;
      discountCents: number;
    },
  ): Promise<void>;
}

function orderTransaction(tx: Tx, codes: CodeUse): OrderTransaction {
  return {
    holdClaim: (key, token) => lockClaim(tx, key, token),

    // Counted by the discount codes' owner (modules/discounts), in this transaction.
    useCode: (discount, userId, today) => codes.use(tx, discount, userId, today),

    // Taken and announced by the stock's one writer (src/server/stock), in this transaction.
    takeStock: (lines) => takePairs(tx, lines),

    async insert(order) {
      const [row] = await tx
        .insert(orders)
        .values({
          userId: order.userId,
          email: order.email,
          idPayment: order.paymentId,
          amountCents: order.amountCents,
          status: 'Pending',
          idempotencyKey: order.idempotencyKey,
          paymentMethodId: order.paymentMethodId,
          discountCode: order.discount?.code ?? null,
          discountCents: order.discount?.totalCents ?? 0,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(order.lines.map((line) => ({ orderId: row!.id, ...line })));
      if (order.discount) {
        await codes.redeem(tx, {
          codeId: order.discount.codeId,
          orderId: row!.id,
          userId: order.userId,
          oncePerCustomer: order.discount.oncePerCustomer,
          discountCents: order.discount.totalCents,
        });
      }
      return row!.id;
    },
  };
}

function shipmentAnswer(row: typeof orderShipments.$inferSelect | undefined): Order['shipment'] {
  if (!row) return null;
  return {
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    shippedAt: row.shippedAt.toISOString(),
  };
}

export function createOrdersRepository(db: Database, codes: CodeUse) {
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
      email: row.email,
      idPayment: row.idPayment,
      amount: row.amountCents,
      date: row.createdAt.toISOString(),
      status: row.status,
      discountCode: row.discountCode,
      discount: row.discountCents,
      receivedAt: row.receivedAt?.toISOString() ?? null,
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
          discount: line.discountCents / 100,
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
      const where = pattern ? or(ilike(orders.email, pattern), ilike(orders.idPayment, pattern)) : undefined;
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

    /** A payment method pays for one order only. */
    async paymentMethodUsed(paymentMethodId: string): Promise<boolean> {
      const [used] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentMethodId, paymentMethodId));
      return Boolean(used);
    },

    /** The catalogue's current price of these shoes (those that exist). */
    async shoePrices(ids: string[]): Promise<ShoePrice[]> {
      return db
        .select({
          id: shoes.id,
          name: shoes.name,
          image: shoes.image,
          priceCents: shoes.priceCents,
          brand: brands.name,
          onSale: shoes.onSale,
        })
        .from(shoes)
        .innerJoin(brands, eq(brands.id, shoes.brandId))
        .where(inArray(shoes.id, ids));
    },

    /**
     * A checkout found stock gone that a cached answer may still show: the answers showing that
     * shoe are dropped (an event of its own, as the checkout's transaction rolled back).
     */
    async staleStockSeen(shoeId: string): Promise<void> {
      await db.transaction((tx) =>
        recordEvents(tx, [
          {
            type: 'stock.changed',
            payload: { shoeIds: [shoeId], sizesInStockChanged: true, unitsSoldChanged: false },
          },
        ]),
      );
    },

    /** Runs `work` in one database transaction: stock, order and claim commit together or not at all. */
    transaction<T>(work: (tx: OrderTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(orderTransaction(tx, codes)));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
