import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the shop itself changes on a user (better-auth writes the rest through its adapter). */
export type UserChanges = Partial<{
  name: string;
  image: string | null;
  email: string;
  emailVerified: boolean;
  status: (typeof users.$inferSelect)['status'];
  manager: boolean;
  twoFactorEnabled: boolean;
}>;

/**
 * The one writer of `users` outside better-auth (issue 30: one owner per table), inside the caller's
 * transaction or on its own: the account's own changes (modules/accounts: name, image, closing) and
 * the staff's switches (modules/users: status, manager). True when the user exists.
 */
export async function changeUser(tx: Tx | Database, userId: string, changes: UserChanges): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return changed.length > 0;
}
