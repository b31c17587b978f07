import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userChangeRefusal, userSchema } from '../../../domain/account.js';
import { MAX_LIST_LIMIT, PAGE_SIZE } from '../../../domain/constants.js';
import { roleOf, toUser, type CurrentUser } from '../../auth/current-user.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { users } from '../../db/schema.js';
import { errorBodySchema, HttpError, notFound } from '../../http/errors.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** Spec §7 user calls. Identity always comes from the session, never from the body. */
export const userRoutes: FastifyPluginAsyncZod<{
  db: Database;
  currentUser: CurrentUser;
  adminEmail: string;
}> = async (app, { db, currentUser, adminEmail }) => {
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
        response: { 200: z.array(userSchema), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { q, offset, limit } = request.query;
      const where = q
        ? or(ilike(users.email, containsPattern(q)), ilike(users.name, containsPattern(q)))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return reply.header('x-total-count', total?.n ?? 0).send(rows.map((row) => toUser(row, adminEmail)));
    },
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
    async (request) => {
      const actor = await currentUser.require(request);
      const [target] = await db.select().from(users).where(eq(users.id, request.params.id));
      if (!target) throw notFound(MESSAGES.identity.userNotFound);
      const refusal = userChangeRefusal(
        actor.role,
        roleOf(target, adminEmail),
        request.body.manager !== undefined,
      );
      if (refusal === 'administrator_account') {
        throw new HttpError(409, 'conflict', MESSAGES.admin.cannotDemoteAdmin);
      }
      if (refusal === 'administrator_only') {
        throw new HttpError(403, 'forbidden', MESSAGES.admin.managersByAdminOnly);
      }
      // A Disabled or Eliminated user's sessions stay until their next request, which every guard
      // refuses with 403 account_disabled (ending them there): that answer is how the client
      // learns to warn them and send them home (spec §4). Deleting the sessions here would leave
      // the client with a cookie nobody recognizes, and no warning.
      const [updated] = await db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .returning();
      return toUser(updated!, adminEmail);
    },
  );
};
