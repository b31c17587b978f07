import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../../domain/admin.js';
import type { CurrentUser } from '../../auth/current-user.js';
import { errorBodySchema } from '../../http/errors.js';
import type { StatsRepository } from './stats-repository.js';

/** The dashboard's figures (administrator or manager). */
export const adminRoutes: FastifyPluginAsyncZod<{
  stats: StatsRepository;
  currentUser: CurrentUser;
}> = async (app, { stats, currentUser }) => {
  app.get(
    '/admin/stats',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Orders, pairs sold, sales, sales per day for the last 30 days, best sellers',
        response: { 200: adminStatsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => stats.stats(),
  );
};
