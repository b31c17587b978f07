import { authHeaders } from './auth-headers.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSecondFactor, type User } from '../../domain/account.js';
import { accountDisabled, forbidden, roleOf, toUser, twoFactorRequired, unauthorized } from './identity.js';
import type { AuthRepository, UserRow } from './auth-repository.js';
import type { Auth } from './auth-instance.js';

interface SignedIn {
  row: UserRow;
  sessionId: string;
  /** The session began with a second factor: an authenticator or recovery code, or a passkey. */
  secondFactor: boolean;
}

/**
 * Who is asking, from the session cookie (never from the body). The answer is
 * memoized per request; guards below turn it into 401/403.
 */
export function createCurrentUser(deps: { auth: Auth; repository: AuthRepository; adminEmail: string }) {
  const { auth, repository, adminEmail } = deps;
  const cache = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();

  async function load(request: FastifyRequest): Promise<SignedIn | null> {
    const session = await auth.api.getSession({ headers: authHeaders(request) });
    if (!session) return null;
    const row = await repository.findUser(session.user.id);
    return row
      ? { row, sessionId: session.session.id, secondFactor: session.session.secondFactor === true }
      : null;
  }

  function signedIn(request: FastifyRequest): Promise<SignedIn | null> {
    let pending = cache.get(request);
    if (!pending) {
      pending = load(request);
      cache.set(request, pending);
    }
    return pending;
  }

  const find = async (request: FastifyRequest): Promise<UserRow | null> =>
    (await signedIn(request))?.row ?? null;

  /** A Disabled or Eliminated user is refused, and every session they hold ends. */
  async function requireRow(request: FastifyRequest): Promise<UserRow> {
    const row = await find(request);
    if (!row) throw unauthorized();
    if (row.status !== 'Enabled') {
      await repository.endSessions(row.id);
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
    /** The signed-in user or null, and whether the session began with a second factor. */
    async session(request: FastifyRequest): Promise<{ user: User | null; secondFactor: boolean }> {
      const found = await signedIn(request);
      const user = found && found.row.status === 'Enabled' ? toUser(found.row, adminEmail) : null;
      return { user, secondFactor: Boolean(user && found?.secondFactor) };
    },
    async require(request: FastifyRequest): Promise<User> {
      return toUser(await requireRow(request), adminEmail);
    },
    /** The signed-in user and the id of the session the request came with. */
    async requireSession(request: FastifyRequest): Promise<{ user: User; sessionId: string }> {
      const user = toUser(await requireRow(request), adminEmail);
      return { user, sessionId: (await signedIn(request))!.sessionId };
    },
    /** preHandler for routes that need a signed-in user. */
    requireUser: async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireRow(request);
    },
    /**
     * preHandler shared by every admin endpoint: administrator or manager (docs/decisions/004),
     * signed in with a second factor (issue 20, docs/decisions/013).
     */
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const row = await requireRow(request);
      if (roleOf(row, adminEmail) === 'user') throw forbidden();
      // Both: a second factor is set up now (two-step sign-in or a passkey), and this session
      // began with one.
      const enrolled = hasSecondFactor(toUser(row, adminEmail));
      if (!enrolled || !(await signedIn(request))!.secondFactor) throw twoFactorRequired(enrolled);
    },
  };
}

export type CurrentUser = ReturnType<typeof createCurrentUser>;
