import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { checkoutAttempts, checkoutHolds } from '../../db/schema.js';
import { eraseBuyerOfOrders } from '../../order-ledger/order-writer.js';

/** What the checkout keeps of a person who deleted their account (docs/your-data.md). */
export function createCheckoutErasureRepository(db: Database) {
  return {
    /**
     * Their orders stay for the shop's accounts, under the erased address and without who and where
     * exactly; their checkout attempts and settled holds go (they hold copies of the orders' answers). Erasing twice
     * changes nothing more.
     */
    async erase(userId: string, erasedEmail: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(checkoutAttempts).where(eq(checkoutAttempts.userId, userId));
        // Their settled holds go too; one still held keeps its order until the reconciler settles it.
        await tx
          .delete(checkoutHolds)
          .where(and(eq(checkoutHolds.userId, userId), ne(checkoutHolds.status, 'held')));
        // Written by the orders' one writer (src/server/order-ledger), in this transaction.
        await eraseBuyerOfOrders(tx, userId, erasedEmail);
      });
    },
  };
}
