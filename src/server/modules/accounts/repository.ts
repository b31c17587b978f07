import type { Database } from '../../db/client.js';
import { changeUser } from '../../auth/user-writer.js';
import { recordEvents } from '../../events/outbox-repository.js';

/**
 * The fields a signed-in user changes on their own account: display name and image, and its closing,
 * written by the users' one writer (auth/user-writer.ts).
 */
export function createAccountRepository(db: Database) {
  async function update(userId: string, changes: { name?: string; image?: string }): Promise<void> {
    await changeUser(db, userId, changes);
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
        await changeUser(tx, account.userId, {
          email: account.erasedEmail,
          name: '',
          image: null,
          emailVerified: false,
          status: 'Eliminated',
          manager: false,
          twoFactorEnabled: false,
        });
        await recordEvents(tx, [{ type: 'account.deleted', payload: account }]);
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
