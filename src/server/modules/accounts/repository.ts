import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The profile fields a signed-in user changes: display name and image. */
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
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
