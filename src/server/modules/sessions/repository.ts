import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/**
 * A user's signed-in sessions, listed; ending them is the auth kernel's (auth/auth-repository.ts), the
 * sessions table's one writer.
 */
export function createSessionRepository(db: Database) {
  return {
    /** The user's sessions that have not expired, the most recently used first. */
    async listOf(userId: string) {
      return db
        .select({
          id: sessions.id,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
