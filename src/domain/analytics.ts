import { z } from 'zod';
import { findPage, routeNameOf } from './route-matching.js';

/**
 * First-party page views (replacing the spec's third-party analytics): the
 * browser reports the path it shows, the server counts it per route and day.
 * Only the route pattern (domain/routes.ts) is kept, so ids, search texts and
 * tokens never are. Patterns ignore case, as React Router does: `/SHOES` shows
 * the catalogue.
 */
export const NOT_FOUND_ROUTE = '(page not found)';

/** `/shoes/3f2a...?x=1` -> `/shoes/{id}`; anything unknown counts as a missing page. */
export function routeOf(path: string): string {
  const page = findPage(path);
  return page ? routeNameOf(page) : NOT_FOUND_ROUTE;
}

export const pageViewSchema = z.object({ path: z.string().min(1).max(500).startsWith('/') }).strict();
export type PageViewInput = z.infer<typeof pageViewSchema>;

export const PAGE_VIEW_DAYS = 30;
export const TOP_ROUTES_SHOWN = 8;

export const pageViewsSchema = z.object({
  total: z.number().int(),
  /** One entry per day of the last 30, oldest first, days without views included. */
  byDay: z.array(z.object({ day: z.string(), views: z.number().int() })),
  topRoutes: z.array(z.object({ route: z.string(), views: z.number().int() })),
});
export type PageViews = z.infer<typeof pageViewsSchema>;
