import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pageViews } from '../../db/schema.js';

/** Page views per route pattern and day: one counter row each, bumped in place. */
export function createAnalyticsRepository(db: Database) {
  return {
    async count(day: string, route: string): Promise<void> {
      await db
        .insert(pageViews)
        .values({ day, route, views: 1 })
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.route],
          set: { views: sql`${pageViews.views} + 1` },
        });
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
