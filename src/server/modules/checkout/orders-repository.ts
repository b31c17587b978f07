import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { isUuid } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orderLines, orders, shoes, stockEntries } from '../../db/schema.js';
import { lockClaim } from './attempts-repository.js';
import type { PricedLine, ShoePrice } from './pricing.js';

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
}

/** What the checkout does inside its one transaction: commit all of it, or none. */
export interface OrderTransaction {
  /** Locks the checkout attempt while `token` still claims it; false when the claim is gone. */
  holdClaim(key: string, token: string): Promise<boolean>;
  /** Takes the stock of every line; returns the first line out of stock (then nothing is to be kept). */
  takeStock(lines: PricedLine[]): Promise<PricedLine | undefined>;
  /** Inserts the order and its lines; returns its id. */
  insert(order: NewOrder): Promise<string>;
}

function orderTransaction(tx: Tx): OrderTransaction {
  return {
    holdClaim: (key, token) => lockClaim(tx, key, token),

    async takeStock(lines) {
      // Always in the same order (shoe, then size): two carts holding the same sizes in opposite
      // orders would otherwise each lock one row and wait for the other's (a deadlock, on PostgreSQL).
      const ordered = [...lines].sort(
        (a, b) => a.shoeId.localeCompare(b.shoeId) || a.size.localeCompare(b.size),
      );
      for (const [index, line] of ordered.entries()) {
        if (ordered[index - 1]?.shoeId !== line.shoeId) {
          // The shoe's row before its stock rows, as the admin forms take them: its pairs sold (the
          // 'best selling' order) count this order, and its sizes in stock change at the commit.
          const pairs = ordered.filter((other) => other.shoeId === line.shoeId);
          await tx
            .update(shoes)
            .set({ unitsSold: sql`${shoes.unitsSold} + ${pairs.reduce((sum, p) => sum + p.quantity, 0)}` })
            .where(eq(shoes.id, line.shoeId));
        }
        // The row lock of this UPDATE is what makes concurrent checkouts of the last pair safe.
        const taken = await tx
          .update(stockEntries)
          .set({ quantity: sql`${stockEntries.quantity} - ${line.quantity}` })
          .where(
            and(
              eq(stockEntries.shoeId, line.shoeId),
              eq(stockEntries.size, line.size),
              gte(stockEntries.quantity, line.quantity),
            ),
          )
          .returning({ id: stockEntries.id });
        if (taken.length === 0) return line;
      }
      return undefined;
    },

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
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(order.lines.map((line) => ({ orderId: row!.id, ...line })));
      return row!.id;
    },
  };
}

export function createOrdersRepository(db: Database) {
  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderLines.name), asc(orderLines.size));
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      idPayment: row.idPayment,
      amount: row.amountCents,
      date: row.createdAt.toISOString(),
      status: row.status,
      shoe: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => ({
          _id: line.shoeId,
          name: line.name,
          image: line.image,
          quantity: line.quantity,
          price: line.unitPriceCents / 100,
          size: line.size,
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

    async setStatus(idOrPayment: string, status: Order['status']): Promise<Order | undefined> {
      const found = await find(idOrPayment);
      if (!found) return undefined;
      await db.update(orders).set({ status }).where(eq(orders.id, found.order._id));
      return { ...found.order, status };
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
        .select({ id: shoes.id, name: shoes.name, image: shoes.image, priceCents: shoes.priceCents })
        .from(shoes)
        .where(inArray(shoes.id, ids));
    },

    /** Runs `work` in one database transaction: stock, order and claim commit together or not at all. */
    transaction<T>(work: (tx: OrderTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(orderTransaction(tx)));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
