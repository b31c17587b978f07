import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { checkoutAttempts, orders } from '../../db/schema.js';

/**
 * An order's address once its buyer deleted their account: name, street lines and phone erased, the
 * city, state and ZIP kept (sales tax is owed where the order went). Null stays null.
 */
const withoutPerson = (column: AnyPgColumn): SQL =>
  sql`(${column} - 'line2' - 'phone') || '{"name": "", "line1": ""}'::jsonb`;

/** What the checkout keeps of a person who deleted their account (docs/your-data.md). */
export function createCheckoutErasureRepository(db: Database) {
  return {
    /**
     * Their orders stay for the shop's accounts, under the erased address and without who and where
     * exactly; their checkout attempts go (they hold copies of the orders' answers). Erasing twice
     * changes nothing more.
     */
    async erase(userId: string, erasedEmail: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(checkoutAttempts).where(eq(checkoutAttempts.userId, userId));
        await tx
          .update(orders)
          .set({
            email: erasedEmail,
            deliveryAddress: withoutPerson(orders.deliveryAddress),
            billingAddress: withoutPerson(orders.billingAddress),
          })
          .where(eq(orders.userId, userId));
      });
    },
  };
}
