import { asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { isUuid } from '../../../domain/catalog.js';
import type { Order } from '../../../domain/payment.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orderLines, orders } from '../../db/schema.js';

type OrderRow = typeof orders.$inferSelect;

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
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
