import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewSchema } from '../../../domain/analytics.js';
import { errorBodySchema } from '../../http/errors.js';
import type { AnalyticsService } from './service.js';

/**
 * First-party analytics: the browser reports each page it shows; only the
 * route pattern and the day are stored (no cookie is read, no address kept).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
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
      await analytics.countView(request.body.path);
      return reply.status(204).send(null);
    },
  );
};
