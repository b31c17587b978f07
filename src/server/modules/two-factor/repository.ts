import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { twoFactors, twoFactorUsedCodes, verifications } from '../../db/schema.js';

/** A used authenticator code, as kept: the user, the code's digest and when it can no longer verify. */
export interface UsedCode {
  userId: string;
  codeDigest: string;
  expiresAt: Date;
}

/** The reads the shop makes of better-auth's two-factor records, and the authenticator codes already used. */
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

    /** The account's authenticator secret and recovery codes as better-auth keeps them, sealed. */
    async sealedSecrets(userId: string): Promise<{ secret: string; backupCodes: string } | undefined> {
      const [row] = await db
        .select({ secret: twoFactors.secret, backupCodes: twoFactors.backupCodes })
        .from(twoFactors)
        .where(eq(twoFactors.userId, userId));
      return row;
    },

    /**
     * Records a code as used; true when this call is the first to use it while it can still verify.
     * One statement, so of two requests with the same code exactly one gets true (the primary key);
     * a row whose expiry has passed counts as free and is taken over. Everyone's expired rows are
     * dropped on the way (the expiry index keeps that cheap).
     */
    async claimCode(code: UsedCode, now: Date): Promise<boolean> {
      await db.delete(twoFactorUsedCodes).where(lte(twoFactorUsedCodes.expiresAt, now));
      const claimed = await db
        .insert(twoFactorUsedCodes)
        .values(code)
        .onConflictDoUpdate({
          target: [twoFactorUsedCodes.userId, twoFactorUsedCodes.codeDigest],
          set: { expiresAt: code.expiresAt },
          setWhere: lte(twoFactorUsedCodes.expiresAt, now),
        })
        .returning({ userId: twoFactorUsedCodes.userId });
      return claimed.length === 1;
    },

    /** Gives a claimed code back (it did not verify): only this claim, not a later one. */
    async releaseCode(code: UsedCode): Promise<void> {
      await db
        .delete(twoFactorUsedCodes)
        .where(
          and(
            eq(twoFactorUsedCodes.userId, code.userId),
            eq(twoFactorUsedCodes.codeDigest, code.codeDigest),
            eq(twoFactorUsedCodes.expiresAt, code.expiresAt),
          ),
        );
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
