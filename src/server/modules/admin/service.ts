import { BEST_SELLERS_SHOWN, SALES_CHART_DAYS, type AdminStats } from '../../../domain/admin.js';
import { PAGE_VIEW_DAYS, TOP_ROUTES_SHOWN, type PageViews } from '../../../domain/analytics.js';
import { fillDays, lastDays } from '../../../domain/days.js';
import type { AdminRepository } from './repository.js';

/** The dashboard (docs/decisions/004): the business and the visits at a glance, day by day. */
export function createAdminService(
  repository: AdminRepository,
  /** The sold-out sizes most waited for (modules/restock). */
  mostWanted: (limit: number) => Promise<AdminStats['mostWanted']>,
) {
  return {
    /** Totals, sales per day for the last 30 days (days without sales included), best sellers. */
    async stats(now = new Date()): Promise<AdminStats> {
      const days = lastDays(SALES_CHART_DAYS, now);
      const [totals, money, perDay, bestSellers, wanted] = await Promise.all([
        repository.salesTotals(),
        repository.moneySplit(),
        repository.salesPerDay(days[0]!),
        repository.bestSellers(BEST_SELLERS_SHOWN),
        mostWanted(BEST_SELLERS_SHOWN),
      ]);
      return {
        orders: totals.orders,
        shoesSold: totals.shoesSold,
        salesCents: totals.salesCents,
        money,
        salesByDay: fillDays(days, perDay, (empty) => ({ day: empty, orders: 0, amountCents: 0 })),
        bestSellers,
        mostWanted: wanted,
      };
    },

    /** Page views of the last 30 days: per day (days without views included) and the top routes. */
    async pageViews(now = new Date()): Promise<PageViews> {
      const days = lastDays(PAGE_VIEW_DAYS, now);
      const { perDay, topRoutes } = await repository.pageViews(days[0]!, TOP_ROUTES_SHOWN);
      const byDay = fillDays(days, perDay, (day) => ({ day, views: 0 }));
      return { total: byDay.reduce((sum, entry) => sum + entry.views, 0), byDay, topRoutes };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
