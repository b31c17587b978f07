import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListSchema, auditQuerySchema } from '../../../domain/audit.js';
import { errorBodySchema } from '../../http/errors.js';
import { sendPage } from '../../http/paged-answer.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { AuditRepository } from './repository.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The staff audit log, read only: there is no route that changes or deletes an entry, and the
 * table itself refuses both.
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditRepository;
  currentUser: CurrentUser;
}> = async (app, { audit, currentUser }) => {
  app.get(
    '/admin/audit',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'The staff audit log, newest first, 20 a page: who did what when, with the values before and after; ' +
          'filtered by part of the email (`actor`) and by kind (`action`)',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await audit.list(request.query)),
  );
};
