import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/** A user's signed-in sessions: listed and ended, only ever the user's own. */
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

    /** Ends one of the user's sessions: false when it is not theirs, or already ended. */
    async end(userId: string, id: string): Promise<boolean> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Ends every session of the user but one; how many ended. */
    async endAllBut(userId: string, keptId: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keptId)))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
