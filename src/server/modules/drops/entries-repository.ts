import { and, asc, count, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { DropMode } from '../../../domain/drop-phase.js';
import type { EntryFlag } from '../../../domain/drops.js';
import type { Database } from '../../db/client.js';
import { brokenUniqueIndex } from '../../db/postgres-errors.js';
import { dropEntries, drops, dropSizes, shoes, users, type DropEntryFlag } from '../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The entry that took an email, a card or an address first, as the unique index that refused another names it. */
const FLAG_OF_INDEX: Record<string, EntryFlag | 'email'> = {
  drop_entries_email: 'email',
  drop_entries_user: 'email',
  drop_entries_card: 'card',
  drop_entries_address: 'address',
};

export interface NewEntry {
  dropId: string;
  userId: string;
  email: string;
  size: string;
  deliveryAddress: Record<string, string>;
  addressKey: string;
  shippingMethod: string | null;
  paymentMethodId: string;
  cardFingerprint: string;
  cardLast4: string | null;
}

/**
 * The lock an entry or a purchase holds on its drop's row while it is written (tests/api/drops/
 * waiting-room-postgres.test.ts checks what it lets through and what it holds back).
 */
export const DROP_LOCK_OF_ENTRY = 'key share';

/** The drops module's entries (drop_entries): who entered, with which card and address, and what became of them. */
export function createEntriesRepository(db: Database) {
  return {
    async flaggedCount(dropId: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(dropEntries)
        .where(and(eq(dropEntries.dropId, dropId), sql`jsonb_array_length(${dropEntries.flags}) > 0`));
      return row?.count ?? 0;
    },

    async emailVerified(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ verified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row?.verified ?? false;
    },

    /**
     * Enters a shopper while the drop is open. The drop's row is read FOR KEY SHARE: closing the
     * entries, cancelling or starting the draw (each takes the row FOR UPDATE first) waits for this
     * entry to commit, and an entry that comes after either finds the drop closed, so the draw reads
     * every entry it will ever have. The waiting room's joins (an update of the row's counter only)
     * do not wait for it, nor it for them: a crowd joining does not hold up those paying.
     * A second entry of an email, a card or an address is refused by its unique index and flagged
     * on the entry that holds it; what is answered says which. Undefined: the drop is not open.
     */
    async enter(
      entry: NewEntry,
      mode: DropMode = 'draw',
      /** Work that must commit with the entry (a first-come purchase's settling job). */
      withEntry?: (tx: Tx, entryId: string) => Promise<unknown>,
    ): Promise<
      { id: string; createdAt: Date } | { taken: EntryFlag | 'email' } | { soldOut: true } | undefined
    > {
      try {
        return await db.transaction(async (tx) => {
          const [open] = await tx
            .select({ id: drops.id })
            .from(drops)
            .where(
              and(
                eq(drops.id, entry.dropId),
                eq(drops.status, 'scheduled'),
                eq(drops.mode, mode),
                lte(drops.opensAt, sql`clock_timestamp()`),
                gt(drops.closesAt, sql`clock_timestamp()`),
              ),
            )
            .for(DROP_LOCK_OF_ENTRY);
          if (!open) return undefined;
          // A first-come purchase takes its pair of the drop here, before the charge: the row's
          // check (sold <= pairs) and this condition sell each pair once, however many pay at once.
          if (mode === 'first_come') {
            const taken = await tx
              .update(dropSizes)
              .set({ sold: sql`${dropSizes.sold} + 1` })
              .where(
                and(
                  eq(dropSizes.dropId, entry.dropId),
                  eq(dropSizes.size, entry.size),
                  sql`${dropSizes.sold} < ${dropSizes.pairs}`,
                ),
              )
              .returning({ sold: dropSizes.sold });
            if (taken.length === 0) return { soldOut: true as const };
          }
          const [row] = await tx
            .insert(dropEntries)
            .values({ ...entry, outcome: 'entered' })
            .returning({ id: dropEntries.id, createdAt: dropEntries.createdAt });
          await withEntry?.(tx, row!.id);
          return row!;
        });
      } catch (error) {
        const taken = FLAG_OF_INDEX[brokenUniqueIndex(error) ?? ''];
        if (!taken) throw error;
        if (taken !== 'email') await flag(entry, taken);
        return { taken };
      }
    },

    /**
     * Gives back a first-come purchase's pair whose card was declined: the entry goes (the shopper may
     * try another card while their time lasts) and its pair is for sale again, together.
     */
    async releasePurchase(dropId: string, entryId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(dropEntries)
          .where(and(eq(dropEntries.id, entryId), eq(dropEntries.outcome, 'entered')))
          .returning({ size: dropEntries.size });
        if (!gone) return;
        await tx
          .update(dropSizes)
          .set({ sold: sql`${dropSizes.sold} - 1` })
          .where(and(eq(dropSizes.dropId, dropId), eq(dropSizes.size, gone.size)));
      });
    },

    async entryOf(dropId: string, userId: string) {
      const [row] = await myEntries().where(
        and(eq(dropEntries.dropId, dropId), eq(dropEntries.userId, userId)),
      );
      return row;
    },

    /** What the shop holds of a shopper's entries, for their data download (docs/your-data.md). */
    async exportOf(userId: string) {
      return db
        .select({
          drop: dropEntries.dropId,
          shoe: shoes.name,
          size: dropEntries.size,
          deliveryAddress: dropEntries.deliveryAddress,
          shippingMethod: dropEntries.shippingMethod,
          cardLast4: dropEntries.cardLast4,
          outcome: dropEntries.outcome,
          order: dropEntries.orderId,
          enteredAt: dropEntries.createdAt,
          decidedAt: dropEntries.decidedAt,
        })
        .from(dropEntries)
        .innerJoin(drops, eq(drops.id, dropEntries.dropId))
        .innerJoin(shoes, eq(shoes.id, drops.shoeId))
        .where(eq(dropEntries.userId, userId))
        .orderBy(asc(dropEntries.createdAt));
    },

    async entriesOf(userId: string) {
      return myEntries()
        .where(eq(dropEntries.userId, userId))
        .orderBy(desc(dropEntries.createdAt))
        .limit(100);
    },

    /** A drop's entries as staff see them, newest first. */
    async adminEntries(dropId: string, limit: number) {
      return db
        .select({
          id: dropEntries.id,
          email: dropEntries.email,
          size: dropEntries.size,
          deliveryAddress: dropEntries.deliveryAddress,
          cardLast4: dropEntries.cardLast4,
          outcome: dropEntries.outcome,
          orderId: dropEntries.orderId,
          flags: dropEntries.flags,
          createdAt: dropEntries.createdAt,
        })
        .from(dropEntries)
        .where(eq(dropEntries.dropId, dropId))
        .orderBy(sql`jsonb_array_length(${dropEntries.flags}) desc`, desc(dropEntries.createdAt))
        .limit(limit);
    },

    /** Every entry's id, size and outcome: the published list a draw is checked against. */
    async publishedEntries(dropId: string) {
      return db
        .select({ id: dropEntries.id, size: dropEntries.size, outcome: dropEntries.outcome })
        .from(dropEntries)
        .where(eq(dropEntries.dropId, dropId))
        .orderBy(asc(dropEntries.id));
    },

    /** What the draw needs of each entry: who, where, which card. */
    async entriesToDraw(dropId: string) {
      return toCharge().where(eq(dropEntries.dropId, dropId));
    },

    /** A first-come purchase as its charge needs it. */
    async entryToCharge(entryId: string) {
      const [row] = await toCharge().where(eq(dropEntries.id, entryId));
      return row;
    },

    /** The entries a finished draw did not reach, to be told (the mails after drop.drawn). */
    async lostEntries(dropId: string) {
      return db
        .select({ id: dropEntries.id, email: dropEntries.email, size: dropEntries.size })
        .from(dropEntries)
        .where(
          and(eq(dropEntries.dropId, dropId), eq(dropEntries.outcome, 'lost'), isNotNull(dropEntries.email)),
        );
    },

    async entryForMail(entryId: string) {
      const [row] = await db
        .select({
          id: dropEntries.id,
          email: dropEntries.email,
          size: dropEntries.size,
          outcome: dropEntries.outcome,
          orderId: dropEntries.orderId,
          cardLast4: dropEntries.cardLast4,
        })
        .from(dropEntries)
        .where(eq(dropEntries.id, entryId));
      return row;
    },

    /**
     * A deleted account (docs/your-data.md): an entry not drawn yet is withdrawn; a drawn one keeps
     * its id, size and outcome (the published result) without who, where or which card.
     */
    async eraseFor(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          delete from drop_entries e using drops d
          where e.drop_id = d.id and e.user_id = ${userId} and d.status = 'scheduled'`);
        await tx
          .update(dropEntries)
          .set({
            userId: null,
            email: null,
            deliveryAddress: null,
            addressKey: null,
            paymentMethodId: null,
            cardFingerprint: null,
          })
          .where(eq(dropEntries.userId, userId));
      });
    },
  };

  function toCharge() {
    return db
      .select({
        id: dropEntries.id,
        size: dropEntries.size,
        outcome: dropEntries.outcome,
        userId: dropEntries.userId,
        email: dropEntries.email,
        deliveryAddress: dropEntries.deliveryAddress,
        shippingMethod: dropEntries.shippingMethod,
        paymentMethodId: dropEntries.paymentMethodId,
      })
      .from(dropEntries);
  }

  function myEntries() {
    return db
      .select({
        id: dropEntries.id,
        dropId: drops.id,
        shoeId: shoes.id,
        shoeName: shoes.name,
        image: shoes.image,
        status: drops.status,
        opensAt: drops.opensAt,
        closesAt: drops.closesAt,
        size: dropEntries.size,
        cardLast4: dropEntries.cardLast4,
        outcome: dropEntries.outcome,
        orderId: dropEntries.orderId,
        createdAt: dropEntries.createdAt,
      })
      .from(dropEntries)
      .innerJoin(drops, eq(drops.id, dropEntries.dropId))
      .innerJoin(shoes, eq(shoes.id, drops.shoeId));
  }

  /** Another shopper tried the card or address of this entry: staff see who, and when. */
  async function flag(entry: NewEntry, reason: EntryFlag): Promise<void> {
    const column = reason === 'card' ? dropEntries.cardFingerprint : dropEntries.addressKey;
    const value = reason === 'card' ? entry.cardFingerprint : entry.addressKey;
    const flagged: DropEntryFlag = { reason, email: entry.email, at: new Date().toISOString() };
    await db
      .update(dropEntries)
      .set({ flags: sql`${dropEntries.flags} || ${JSON.stringify([flagged])}::jsonb` })
      .where(and(eq(dropEntries.dropId, entry.dropId), eq(column, value)));
  }
}

export type EntriesRepository = ReturnType<typeof createEntriesRepository>;
