import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewSchema, pageViewsSchema, routeOf } from '../../../domain/analytics.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { AnalyticsRepository } from './repository.js';

/**
 * First-party analytics: the browser reports each page it shows; only the
 * route pattern and the day are stored (no cookie is read, no address kept).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsRepository;
  currentUser: CurrentUser;
}> = async (app, { analytics, currentUser }) => {
  app.post(
    '/analytics/page-view',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary: 'Count one view of the page at `path` (stored as its route pattern, per day)',
        body: pageViewSchema,
        response: { 204: z.null().describe('Counted'), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await analytics.count(routeOf(request.body.path));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/page-views',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin', 'analytics'],
        summary: 'Page views of the last 30 days: per day and the most viewed routes',
        response: { 200: pageViewsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => analytics.lastDays(),
  );
};
