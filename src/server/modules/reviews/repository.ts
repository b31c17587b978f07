import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderLines, orders, reviews } from '../../db/schema.js';
import { recordEvents } from '../../events/outbox-repository.js';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Reviews are in cached catalogue answers (a shoe's reviews and its stars): a write announces
 * catalog.changed in its transaction, which drops them once it commits (docs/decisions/017).
 */
const reviewsChanged = (tx: Parameters<typeof recordEvents>[0]) =>
  recordEvents(tx, [{ type: 'catalog.changed', payload: {} }]);

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
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(reviews).values(review).onConflictDoNothing().returning();
        if (row) await reviewsChanged(tx);
        return row;
      });
    },

    async update(id: string, changes: { review: string; rating: number }): Promise<ReviewRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reviews)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(reviews.id, id))
          .returning();
        if (row) await reviewsChanged(tx);
        return row;
      });
    },

    /** Whether there was such a review. */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
        if (deleted.length > 0) await reviewsChanged(tx);
        return deleted.length > 0;
      });
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
