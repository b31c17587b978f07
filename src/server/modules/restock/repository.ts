import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { restockRequests, shoes, stockEntries } from '../../db/schema.js';

/** "Email me when it's back": waiting addresses per shoe and size (docs/decisions/009). */
export function createRestockRepository(db: Database) {
  return {
    /** The shoe's stock of that size: undefined when the shoe or the size does not exist. */
    async stockOf(shoeId: string, size: string): Promise<{ name: string; quantity: number } | undefined> {
      const [row] = await db
        .select({ name: shoes.name, quantity: stockEntries.quantity })
        .from(stockEntries)
        .innerJoin(shoes, eq(shoes.id, stockEntries.shoeId))
        .where(and(eq(stockEntries.shoeId, shoeId), eq(stockEntries.size, size)));
      return row;
    },

    async shoeExists(shoeId: string): Promise<boolean> {
      const [row] = await db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, shoeId));
      return Boolean(row);
    },

    /** Once per address (whatever its case), shoe and size: asking again changes nothing. */
    async wait(email: string, shoeId: string, size: string, token: string): Promise<void> {
      await db
        .insert(restockRequests)
        .values({ email, shoeId, size, unsubscribeToken: token })
        .onConflictDoNothing();
    },

    /** Who waits for a size: each is mailed, then used up by its token (service.ts). */
    async waiting(shoeId: string, size: string): Promise<{ email: string; token: string }[]> {
      return db
        .select({ email: restockRequests.email, token: restockRequests.unsubscribeToken })
        .from(restockRequests)
        .where(and(eq(restockRequests.shoeId, shoeId), eq(restockRequests.size, size)));
    },

    /** Mailed: the request is done (its token also keyed the mail, so it is sent once). */
    async useUp(token: string): Promise<boolean> {
      const deleted = await db
        .delete(restockRequests)
        .where(eq(restockRequests.unsubscribeToken, token))
        .returning({ id: restockRequests.id });
      return deleted.length > 0;
    },

    /** Every request under a deleted account's address, whatever its case. */
    async eraseFor(email: string): Promise<void> {
      await db.delete(restockRequests).where(sql`lower(${restockRequests.email}) = ${email.toLowerCase()}`);
    },

    /** The sold-out sizes most waited for: shoe, size and how many addresses wait. */
    async mostWanted(limit: number) {
      const waiting = count(restockRequests.id);
      return db
        .select({ shoeId: shoes.id, name: shoes.name, size: restockRequests.size, waiting })
        .from(restockRequests)
        .innerJoin(shoes, eq(shoes.id, restockRequests.shoeId))
        .groupBy(shoes.id, shoes.name, restockRequests.size)
        .orderBy(desc(waiting), sql`${shoes.name}`, restockRequests.size)
        .limit(limit);
    },
  };
}

export type RestockRepository = ReturnType<typeof createRestockRepository>;
