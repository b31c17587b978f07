import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../../domain/account.js';
import { MAX_LIST_LIMIT, PAGE_SIZE } from '../../../domain/constants.js';
import { sendPage } from '../../http/paged-answer.js';
import { errorBodySchema } from '../../http/errors.js';
import type { CurrentUser } from '../../auth/current-user.js';
import type { UserService } from './service.js';
import { userListAnswerSchema } from '../../../domain/contracts/users.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** Spec §7 user calls. Identity always comes from the session, never from the body. */
export const userRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  currentUser: CurrentUser;
}> = async (app, { users, currentUser }) => {
  app.post(
    '/users',
    {
      onRequest: currentUser.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Sync after an authentication change: answers the signed-in user record (idempotent)',
        // The spec's client sends { email, idUser }; both are ignored in favour of the session.
        body: z
          .object({ email: z.string().max(254).optional(), idUser: z.string().max(200).optional() })
          .optional(),
        response: { 200: userSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => currentUser.require(request),
  );

  app.get(
    '/users',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['users', 'admin'],
        summary: 'Users, paged, optionally searched by email or name (administrator or manager)',
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
          limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(PAGE_SIZE.adminUsers),
        }),
        response: { 200: userListAnswerSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await users.list(request.query)),
  );

  app.put(
    '/users/:id',
    {
      onRequest: currentUser.requireAdmin,
      schema: {
        tags: ['users', 'admin'],
        summary:
          'Set a user status or manager flag (administrator or manager; only the administrator changes managers; the administrator account never changes)',
        params: z.object({ id: z.string().max(200) }),
        body: z
          .object({
            status: z.enum(['Enabled', 'Disabled', 'Eliminated']).optional(),
            manager: z.boolean().optional(),
          })
          .strict()
          .refine(
            (body) => body.status !== undefined || body.manager !== undefined,
            'Send a status or a manager flag',
          ),
        response: {
          200: userSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => users.change(await currentUser.require(request), request.params.id, request.body),
  );
};
