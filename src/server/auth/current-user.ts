import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role, User } from '../../domain/account.js';
import { MESSAGES } from '../../domain/messages.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Auth } from './auth.js';

type UserRow = typeof users.$inferSelect;

export function roleOf(user: Pick<UserRow, 'email' | 'manager'>, adminEmail: string): Role {
  if (user.email.toLowerCase() === adminEmail.toLowerCase()) return 'admin';
  return user.manager ? 'manager' : 'user';
}

/** The user record of spec §3 as the API shows it. */
export function toUser(row: UserRow, adminEmail: string): User {
  return {
    _id: row.id,
    idUser: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    manager: row.manager,
    role: roleOf(row, adminEmail),
  };
}

export const unauthorized = () => new HttpError(401, 'unauthorized', MESSAGES.identity.signInRequired);
export const forbidden = () => new HttpError(403, 'forbidden', MESSAGES.identity.forbidden);
export const accountDisabled = () => new HttpError(403, 'account_disabled', MESSAGES.identity.disabled);

/**
 * Who is asking, from the session cookie (never from the body). The answer is
 * memoized per request; guards below turn it into 401/403.
 */
export function createCurrentUser(deps: { auth: Auth; db: Database; adminEmail: string }) {
  const { auth, db, adminEmail } = deps;
  const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

  async function load(request: FastifyRequest): Promise<UserRow | null> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const [row] = await db.select().from(users).where(eq(users.id, session.user.id));
    return row ?? null;
  }

  function find(request: FastifyRequest): Promise<UserRow | null> {
    let pending = cache.get(request);
    if (!pending) {
      pending = load(request);
      cache.set(request, pending);
    }
    return pending;
  }

  /** A Disabled or Eliminated user is refused, and every session they hold ends. */
  async function requireRow(request: FastifyRequest): Promise<UserRow> {
    const row = await find(request);
    if (!row) throw unauthorized();
    if (row.status !== 'Enabled') {
      await db.delete(sessions).where(eq(sessions.userId, row.id));
      throw accountDisabled();
    }
    return row;
  }

  return {
    /** The signed-in user, or null; never throws for a missing session. */
    async optional(request: FastifyRequest): Promise<User | null> {
      const row = await find(request);
      return row && row.status === 'Enabled' ? toUser(row, adminEmail) : null;
    },
    async require(request: FastifyRequest): Promise<User> {
      return toUser(await requireRow(request), adminEmail);
    },
    /** preHandler for routes that need a signed-in user. */
    requireUser: async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireRow(request);
    },
    /** preHandler shared by every admin endpoint: administrator or manager (DESIGN.md §2). */
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const row = await requireRow(request);
      if (roleOf(row, adminEmail) === 'user') throw forbidden();
    },
  };
}

export type CurrentUser = ReturnType<typeof createCurrentUser>;
