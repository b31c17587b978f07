import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderLines, orders, reviews } from '../../db/schema.js';

export type ReviewRow = typeof reviews.$inferSelect;

/** Reviews, one per user and shoe, and the orders that entitle a user to write one. */
export function createReviewRepository(db: Database) {
  return {
    /** Newest first, at most `limit`. */
    forShoe(shoeId: string, limit: number): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(eq(reviews.shoeId, shoeId))
        .orderBy(desc(reviews.createdAt))
        .limit(limit);
    },

    async find(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    async hasReviewed(userId: string, shoeId: string): Promise<boolean> {
      const [found] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.shoeId, shoeId)))
        .limit(1);
      return Boolean(found);
    },

    /** Whether one of the user's orders that was marked Received contains the shoe. */
    async hasReceived(userId: string, shoeId: string): Promise<boolean> {
      const [found] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(eq(orders.userId, userId), eq(orders.status, 'Received'), eq(orderLines.shoeId, shoeId)))
        .limit(1);
      return Boolean(found);
    },

    /** Undefined when the user has reviewed the shoe already (one review per user and shoe). */
    async insert(review: {
      userId: string;
      shoeId: string;
      review: string;
      rating: number;
    }): Promise<ReviewRow | undefined> {
      const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
      return row;
    },

    async update(id: string, changes: { review: string; rating: number }): Promise<ReviewRow | undefined> {
      const [row] = await db
        .update(reviews)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      return row;
    },

    /** Whether there was such a review. */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
      return deleted.length > 0;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
