import { and, asc, eq } from 'drizzle-orm';
import type { Passkey } from '../../../domain/passkeys.js';
import type { Database } from '../../db/client.js';
import { passkeys } from '../../db/schema.js';

/** The shop's own reads and removals of better-auth's passkeys: always one person's own. */
export function createPasskeyRepository(db: Database) {
  return {
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .select({
          id: passkeys.id,
          name: passkeys.name,
          createdAt: passkeys.createdAt,
          deviceType: passkeys.deviceType,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      return rows.map((row) => ({
        _id: row.id,
        name: row.name ?? '',
        createdAt: row.createdAt.toISOString(),
        synced: row.deviceType === 'multiDevice',
      }));
    },

    /** The removed passkey's name, or undefined when it is not this person's (or already gone). */
    async remove(userId: string, id: string): Promise<{ name: string } | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ name: passkeys.name });
      return row ? { name: row.name ?? '' } : undefined;
    },

    /** Every passkey of a deleted account; none left is not an error. */
    async eraseOf(userId: string): Promise<void> {
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
    },

    async rename(userId: string, id: string, name: string): Promise<void> {
      await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
    },
  };
}

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;
