import { desc, gte, sql } from 'drizzle-orm';
import { PAGE_VIEW_DAYS, TOP_ROUTES_SHOWN, type PageViews } from '../../../domain/analytics.js';
import { dayOf, fillDays, lastDays } from '../../../domain/days.js';
import type { Database } from '../../db/client.js';
import { pageViews } from '../../db/schema.js';

/** Page views per route pattern and day: one counter row each, bumped in place. */
export function createAnalyticsRepository(db: Database) {
  return {
    async count(route: string, now = new Date()): Promise<void> {
      await db
        .insert(pageViews)
        .values({ day: dayOf(now), route, views: 1 })
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.route],
          set: { views: sql`${pageViews.views} + 1` },
        });
    },

    async lastDays(now = new Date()): Promise<PageViews> {
      const days = lastDays(PAGE_VIEW_DAYS, now);
      const since = gte(pageViews.day, days[0]!);
      const views = sql<number>`sum(${pageViews.views})`.mapWith(Number);
      const [perDay, topRoutes] = await Promise.all([
        db.select({ day: pageViews.day, views }).from(pageViews).where(since).groupBy(pageViews.day),
        db
          .select({ route: pageViews.route, views })
          .from(pageViews)
          .where(since)
          .groupBy(pageViews.route)
          .orderBy(desc(views), pageViews.route)
          .limit(TOP_ROUTES_SHOWN),
      ]);
      const byDay = fillDays(days, perDay, (day) => ({ day, views: 0 }));
      return { total: byDay.reduce((sum, entry) => sum + entry.views, 0), byDay, topRoutes };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
