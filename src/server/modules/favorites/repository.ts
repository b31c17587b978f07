import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { favorites, shoes } from '../../db/schema.js';

/** A user's favorite shoes: one row per user and shoe. */
export function createFavoriteRepository(db: Database) {
  return {
    /** The ids of the user's favorite shoes, newest first, at most `limit`. */
    async shoeIds(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ shoeId: favorites.shoeId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt))
        .limit(limit);
      return rows.map((row) => row.shoeId);
    },

    /**
     * Adding one twice keeps one. It starts from the shoe's price and sale as they are: a favorite
     * alert tells of a change after this (modules/favorites/alerts).
     */
    async add(userId: string, shoeId: string): Promise<void> {
      await db
        .insert(favorites)
        .values({
          userId,
          shoeId,
          seenPriceCents: sql`(SELECT ${shoes.priceCents} FROM ${shoes} WHERE ${shoes.id} = ${shoeId})`,
          seenOnSale: sql`(SELECT ${shoes.onSale} FROM ${shoes} WHERE ${shoes.id} = ${shoeId})`,
        })
        .onConflictDoNothing();
    },

    async remove(userId: string, shoeId: string): Promise<void> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.shoeId, shoeId)));
    },

    /** Every favorite of a deleted account. */
    async eraseOf(userId: string): Promise<void> {
      await db.delete(favorites).where(eq(favorites.userId, userId));
    },
  };
}

export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
