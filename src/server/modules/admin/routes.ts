import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../../domain/admin.js';
import { pageViewsSchema } from '../../../domain/analytics.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { AdminService } from './service.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** The dashboard's figures (administrator or manager). */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  currentUser: CurrentUser;
}> = async (app, { admin, currentUser }) => {
  app.get(
    '/admin/stats',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Orders, pairs sold, sales, sales per day for the last 30 days, best sellers',
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async () => admin.stats(),
  );

  app.get(
    '/admin/page-views',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin', 'analytics'],
        summary: 'Page views of the last 30 days: per day and the most viewed routes',
        response: { 200: pageViewsSchema, ...errors },
      },
    },
    async () => admin.pageViews(),
  );
};
