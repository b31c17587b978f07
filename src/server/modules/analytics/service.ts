import { routeOf } from '../../../domain/analytics.js';
import { dayOf } from '../../../domain/days.js';
import type { AnalyticsRepository } from './repository.js';

/**
 * First-party analytics: a view of a page counts under its route pattern and the day (UTC), so
 * nothing about the visitor and no id in a path is kept. The dashboard reads them (modules/admin).
 */
export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    async countView(path: string, now = new Date()): Promise<void> {
      await repository.count(dayOf(now), routeOf(path));
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
