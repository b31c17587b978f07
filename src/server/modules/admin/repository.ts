import { desc, eq, gte, sql } from 'drizzle-orm';
import type { AdminStats } from '../../../domain/admin.js';
import type { Database } from '../../db/client.js';
import { orderLines, orderRefunds, orders, pageViews } from '../../db/schema.js';

/** What an order brought in: what was charged, less what was refunded since. */
const netCents = sql`${orders.amountCents} - (
  SELECT coalesce(sum(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = ${orders.id} AND r.status = 'succeeded')`;

type DaySales = AdminStats['salesByDay'][number];

/**
 * The dashboard's figures, read from orders and their lines (which outlive deleted shoes) and from
 * the page-view counters. Sales are what was charged (after discount codes) less what was refunded. Days are `YYYY-MM-DD` in UTC; days without rows are the service's to fill.
 */
export function createAdminRepository(db: Database) {
  return {
    async salesTotals(): Promise<{ orders: number; salesCents: number; shoesSold: number }> {
      const [[totals], [sold]] = await Promise.all([
        db
          .select({
            orders: sql<number>`count(*)`.mapWith(Number),
            salesCents: sql<number>`coalesce(sum(${netCents}), 0)`.mapWith(Number),
          })
          .from(orders),
        db
          .select({ shoesSold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
          .from(orderLines),
      ]);
      return {
        orders: totals?.orders ?? 0,
        salesCents: totals?.salesCents ?? 0,
        shoesSold: sold?.shoesSold ?? 0,
      };
    },

    /**
     * Where the money came from (issue 31 item 6), net of refunds: the lines after their codes, the
     * shipping and the sales tax, with the codes' discounts beside them. A refund's tax part
     * (`order_refunds.tax_cents`) comes off the tax; the rest of it comes off the lines, and only what
     * goes beyond the lines (after their codes) comes off the shipping. So the three always add up to
     * what was charged less what was refunded (`salesCents`).
     */
    async moneySplit(): Promise<AdminStats['money']> {
      const refunds = db
        .select({
          orderId: orderRefunds.orderId,
          back: sql<number>`sum(${orderRefunds.amountCents} - ${orderRefunds.taxCents})`.as('back'),
          tax: sql<number>`sum(${orderRefunds.taxCents})`.as('refunded_tax'),
        })
        .from(orderRefunds)
        .where(eq(orderRefunds.status, 'succeeded'))
        .groupBy(orderRefunds.orderId)
        .as('refunds');
      const lines = sql`(${orders.amountCents} - ${orders.shippingCents} - ${orders.taxCents})`;
      const back = sql`coalesce(${refunds.back}, 0)`;
      const total = (cents: ReturnType<typeof sql>) =>
        sql<number>`coalesce(sum(${cents}), 0)`.mapWith(Number);
      const [split] = await db
        .select({
          linesCents: total(sql`${lines} - least(${back}, ${lines})`),
          discountCents: total(sql`${orders.discountCents}`),
          shippingCents: total(sql`${orders.shippingCents} - greatest(${back} - ${lines}, 0)`),
          taxCents: total(sql`${orders.taxCents} - coalesce(${refunds.tax}, 0)`),
        })
        .from(orders)
        .leftJoin(refunds, eq(refunds.orderId, orders.id));
      return split ?? { linesCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0 };
    },

    /** Orders and sales per day from `firstDay` on, for the days that have any. */
    salesPerDay(firstDay: string): Promise<DaySales[]> {
      const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({
          day,
          orders: sql<number>`count(*)`.mapWith(Number),
          amountCents: sql<number>`sum(${netCents})`.mapWith(Number),
        })
        .from(orders)
        .where(sql`${orders.createdAt} >= ${`${firstDay}T00:00:00Z`}::timestamptz`)
        .groupBy(day);
    },

    /** The most sold shoes, by pairs. */
    bestSellers(limit: number): Promise<AdminStats['bestSellers']> {
      const quantity = sql<number>`sum(${orderLines.quantity})`.mapWith(Number);
      // A deleted shoe's lines have no shoe id any more; they still count, under their name.
      const shoeKey = sql`coalesce(${orderLines.shoeId}::text, ${orderLines.name})`;
      return db
        .select({
          shoeId: sql<string | null>`(array_agg(${orderLines.shoeId}))[1]`,
          name: sql<string>`max(${orderLines.name})`,
          image: sql<string>`max(${orderLines.image})`,
          quantity,
          // What the lines were charged: their price less their share of a discount code.
          revenueCents:
            sql<number>`sum(${orderLines.quantity} * ${orderLines.unitPriceCents} - ${orderLines.discountCents})`.mapWith(
              Number,
            ),
        })
        .from(orderLines)
        .groupBy(shoeKey)
        .orderBy(desc(quantity), sql`max(${orderLines.name})`)
        .limit(limit);
    },

    /** Page views per day from `firstDay` on, and the most viewed route patterns over those days. */
    async pageViews(firstDay: string, topRoutes: number) {
      const since = gte(pageViews.day, firstDay);
      const views = sql<number>`sum(${pageViews.views})`.mapWith(Number);
      const [perDay, top] = await Promise.all([
        db.select({ day: pageViews.day, views }).from(pageViews).where(since).groupBy(pageViews.day),
        db
          .select({ route: pageViews.route, views })
          .from(pageViews)
          .where(since)
          .groupBy(pageViews.route)
          .orderBy(desc(views), pageViews.route)
          .limit(topRoutes),
      ]);
      return { perDay, topRoutes: top };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
