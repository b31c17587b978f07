import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../db/schema.js';

/**
 * A user as stored (better-auth's columns plus our status and manager flag), and how many passkeys
 * they hold: a passkey is a second factor, as two-step sign-in is.
 */
export type UserRow = typeof users.$inferSelect & { passkeyCount: number };

/** The columns every read of a UserRow selects (or returns). */
export const userRowColumns = {
  ...getTableColumns(users),
  // Spelled out: inside a subquery Drizzle leaves column names unqualified, and "id" would then
  // be the passkey's own.
  passkeyCount:
    sql<number>`(select count(*) from "passkeys" where "passkeys"."user_id" = "users"."id")`.mapWith(Number),
};

/**
 * Identity records: the user rows better-auth keeps (through its Drizzle adapter, below) and the
 * few reads and writes of them the shop makes itself.
 */
export function createAuthRepository(db: Database) {
  return {
    /** better-auth's own storage: users, sessions, linked accounts, verification tokens, two-factor secrets. */
    adapter: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),

    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** Emails are matched whatever their case. */
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select(userRowColumns)
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row;
    },

    async statusOf(userId: string): Promise<UserRow['status'] | undefined> {
      const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
      return row?.status;
    },

    async endSessions(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Ends one of the user's sessions (modules/sessions): false when it is not theirs, or already ended. */
    async endSession(userId: string, id: string): Promise<boolean> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Ends every session of the user but one (modules/sessions); how many ended. */
    async endSessionsBut(userId: string, keptId: string): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keptId)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /**
     * What better-auth kept for a deleted account (account-erasure.ts): its sessions, password and
     * Google link, two-step secret and reset tokens. Erasing twice erases nothing more.
     */
    async eraseIdentity(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(accounts).where(eq(accounts.userId, userId));
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        // A password-reset token names the user in its value.
        await tx.delete(verifications).where(eq(verifications.value, userId));
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
