import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordEvents } from '../../events/outbox-repository.js';

/** The fields a signed-in user changes on their own account: display name and image, and its closing. */
export function createAccountRepository(db: Database) {
  async function update(userId: string, changes: { name?: string; image?: string }): Promise<void> {
    await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  return {
    setName: (userId: string, name: string) => update(userId, { name }),
    setImage: (userId: string, image: string) => update(userId, { image }),

    /**
     * Closes the account for good: the row keeps its id (orders and reviews point at it) with every
     * personal field erased and the status Eliminated, so nobody signs into it again and the address
     * is free at once. `account.deleted`, in the same transaction, has every other owner erase what
     * it holds of the person (docs/your-data.md).
     */
    async close(account: { userId: string; email: string; erasedEmail: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            email: account.erasedEmail,
            name: '',
            image: null,
            emailVerified: false,
            status: 'Eliminated',
            manager: false,
            twoFactorEnabled: false,
            updatedAt: new Date(),
          })
          .where(eq(users.id, account.userId));
        await recordEvents(tx, [{ type: 'account.deleted', payload: account }]);
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
