import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { savedAddresses } from '../../db/schema.js';
import type { DeliveryAddress } from '../../../domain/forms.js';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The columns of a parsed address: line 2 and the phone stored as null when not given. */
const columnsOf = (address: DeliveryAddress) => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? null,
  city: address.city,
  state: address.state,
  postalCode: address.postal_code,
  phone: address.phone ?? null,
});

/**
 * Every change to one user's addresses waits for the others: the count checked against the limit
 * and the one default (its partial unique index) stay true when two tabs save at the same moment.
 * A transaction-scoped advisory lock also covers inserts, which no row lock could.
 */
async function lockAddressesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved_addresses:${userId}`}, 0))`);
}

const ofUser = (userId: string, id: string) =>
  and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id));

/** A shopper's saved delivery addresses: the only code that writes saved_addresses. */
export function createAddressRepository(db: Database) {
  /** The most recently added address becomes the default when none is (after the default went). */
  async function defaultToNewest(tx: Transaction, userId: string): Promise<void> {
    const [newest] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.createdAt), desc(savedAddresses.id))
      .limit(1);
    if (newest) await tx.update(savedAddresses).set({ isDefault: true }).where(ofUser(userId, newest.id));
  }

  return {
    /** The default first, then the most recently added. */
    async list(userId: string): Promise<SavedAddressRow[]> {
      return db
        .select()
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, userId))
        .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), asc(savedAddresses.id));
    },

    /** Saves one unless the user keeps `max` already ('full'); the first one saved is the default. */
    async add(userId: string, address: DeliveryAddress, max: number): Promise<SavedAddressRow | 'full'> {
      return db.transaction(async (tx) => {
        await lockAddressesOf(tx, userId);
        const [kept] = await tx
          .select({ n: count() })
          .from(savedAddresses)
          .where(eq(savedAddresses.userId, userId));
        const n = kept?.n ?? 0;
        if (n >= max) return 'full';
        const [row] = await tx
          .insert(savedAddresses)
          .values({ userId, ...columnsOf(address), isDefault: n === 0 })
          .returning();
        return row!;
      });
    },

    /** Replaces the address's fields (whether it is the default stays); undefined when it is not the user's. */
    async update(userId: string, id: string, address: DeliveryAddress): Promise<SavedAddressRow | undefined> {
      const [row] = await db
        .update(savedAddresses)
        .set({ ...columnsOf(address), updatedAt: new Date() })
        .where(ofUser(userId, id))
        .returning();
      return row;
    },

    /** Deletes it; when it was the default, the most recently added of the others becomes the default. */
    async remove(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockAddressesOf(tx, userId);
        const [gone] = await tx
          .delete(savedAddresses)
          .where(ofUser(userId, id))
          .returning({ isDefault: savedAddresses.isDefault });
        if (!gone) return false;
        if (gone.isDefault) await defaultToNewest(tx, userId);
        return true;
      });
    },

    /** Makes it the one default, in one transaction: never two defaults, never none. */
    async makeDefault(userId: string, id: string): Promise<SavedAddressRow | undefined> {
      return db.transaction(async (tx) => {
        await lockAddressesOf(tx, userId);
        const [exists] = await tx
          .select({ id: savedAddresses.id })
          .from(savedAddresses)
          .where(ofUser(userId, id));
        if (!exists) return undefined;
        // The old default is cleared first: the partial unique index allows one per user at any moment.
        await tx
          .update(savedAddresses)
          .set({ isDefault: false })
          .where(
            and(
              eq(savedAddresses.userId, userId),
              eq(savedAddresses.isDefault, true),
              ne(savedAddresses.id, id),
            ),
          );
        const [row] = await tx
          .update(savedAddresses)
          .set({ isDefault: true })
          .where(ofUser(userId, id))
          .returning();
        return row;
      });
    },

    /** Every address of a deleted account. */
    async eraseOf(userId: string): Promise<void> {
      await db.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
