import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { verifications } from '../../db/schema.js';

/** The reads the shop makes of better-auth's two-factor records. */
export function createTwoFactorRepository(db: Database) {
  return {
    /**
     * Whose sign-in waits for its code: the pending challenge's identifier (from the two-factor
     * cookie) names the user; undefined once the challenge is used or gone.
     */
    async pendingSignInUser(identifier: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: verifications.value, expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(eq(verifications.identifier, identifier));
      return row && row.expiresAt > new Date() ? row.userId : undefined;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
