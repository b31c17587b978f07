import { desc, sql } from 'drizzle-orm';
import { BEST_SELLERS_SHOWN, SALES_CHART_DAYS, type AdminStats } from '../../../domain/admin.js';
import { fillDays, lastDays } from '../../../domain/days.js';
import type { Database } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';

/** The business at a glance, computed from orders and their lines (which outlive deleted shoes). */
export function createStatsRepository(db: Database) {
  return {
    async stats(now = new Date()): Promise<AdminStats> {
      const days = lastDays(SALES_CHART_DAYS, now);
      const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const quantity = sql<number>`sum(${orderLines.quantity})`.mapWith(Number);
      // A deleted shoe's lines have no shoe id any more; they still count, under their name.
      const shoeKey = sql`coalesce(${orderLines.shoeId}::text, ${orderLines.name})`;
      const [totals, [sold], perDay, best] = await Promise.all([
        db
          .select({
            orders: sql<number>`count(*)`.mapWith(Number),
            salesCents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number),
          })
          .from(orders),
        db
          .select({ shoesSold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
          .from(orderLines),
        db
          .select({
            day,
            orders: sql<number>`count(*)`.mapWith(Number),
            amountCents: sql<number>`sum(${orders.amountCents})`.mapWith(Number),
          })
          .from(orders)
          .where(sql`${orders.createdAt} >= ${`${days[0]}T00:00:00Z`}::timestamptz`)
          .groupBy(day),
        db
          .select({
            shoeId: sql<string | null>`(array_agg(${orderLines.shoeId}))[1]`,
            name: sql<string>`max(${orderLines.name})`,
            image: sql<string>`max(${orderLines.image})`,
            quantity,
            revenueCents: sql<number>`sum(${orderLines.quantity} * ${orderLines.unitPriceCents})`.mapWith(
              Number,
            ),
          })
          .from(orderLines)
          .groupBy(shoeKey)
          .orderBy(desc(quantity), sql`max(${orderLines.name})`)
          .limit(BEST_SELLERS_SHOWN),
      ]);
      return {
        orders: totals[0]?.orders ?? 0,
        shoesSold: sold?.shoesSold ?? 0,
        salesCents: totals[0]?.salesCents ?? 0,
        salesByDay: fillDays(days, perDay, (empty) => ({ day: empty, orders: 0, amountCents: 0 })),
        bestSellers: best,
      };
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
