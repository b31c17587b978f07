import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { favoriteAlertSettings, favoriteAlerts, favorites, shoes, users } from '../../../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A change of a favorite as its digest mails it, with the shoe as it is now (its picture). */
export interface PendingAlert {
  id: string;
  shoeId: string | null;
  shoeName: string;
  image: string | null;
  oldPriceCents: number;
  newPriceCents: number;
  wentOnSale: boolean;
}

/**
 * Favorite alerts (issue 35 item 3): the shopper's switch, what each favorite last saw of its shoe,
 * and the changes told. The favorites module writes all three; shoes and users are only read.
 */
export function createFavoriteAlertRepository(db: Database) {
  async function isEnabled(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ enabled: favoriteAlertSettings.enabled })
      .from(favoriteAlertSettings)
      .where(eq(favoriteAlertSettings.userId, userId));
    return row?.enabled ?? false;
  }

  return {
    isEnabled,

    /** Whether it was on before (an unsubscribe link used twice changes nothing the second time). */
    async setEnabled(userId: string, enabled: boolean): Promise<void> {
      await db
        .insert(favoriteAlertSettings)
        .values({ userId, enabled })
        .onConflictDoUpdate({
          target: favoriteAlertSettings.userId,
          set: { enabled, updatedAt: sql`now()` },
        });
    },

    /**
     * After a shoe changed (its event handed over once committed): moves what each of its favorites
     * last saw to the shoe as it is, compare-and-set under the favorites' row locks, and in the same
     * transaction records, for the shoppers whose alerts are on, a drop of the price or going on sale,
     * then `queue`s their digest. An event handed over twice, or two at once, find nothing left to move:
     * a change is told once. Answers the shoppers told.
     */
    async takeChange(
      eventId: string,
      shoeId: string,
      queue: (tx: Tx, userId: string) => Promise<unknown>,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const [shoe] = await tx
          .select({ name: shoes.name, priceCents: shoes.priceCents, onSale: shoes.onSale })
          .from(shoes)
          .where(eq(shoes.id, shoeId));
        if (!shoe) return [];
        const moved = await tx
          .select({
            userId: favorites.userId,
            seenPriceCents: favorites.seenPriceCents,
            seenOnSale: favorites.seenOnSale,
            enabled: favoriteAlertSettings.enabled,
            status: users.status,
          })
          .from(favorites)
          .innerJoin(users, eq(users.id, favorites.userId))
          .leftJoin(favoriteAlertSettings, eq(favoriteAlertSettings.userId, favorites.userId))
          .where(
            and(
              eq(favorites.shoeId, shoeId),
              or(
                sql`${favorites.seenPriceCents} IS DISTINCT FROM ${shoe.priceCents}`,
                sql`${favorites.seenOnSale} IS DISTINCT FROM ${shoe.onSale}`,
              ),
            ),
          )
          .orderBy(asc(favorites.userId))
          .for('update', { of: favorites });
        if (moved.length === 0) return [];
        await tx
          .update(favorites)
          .set({ seenPriceCents: shoe.priceCents, seenOnSale: shoe.onSale })
          .where(
            and(
              eq(favorites.shoeId, shoeId),
              inArray(
                favorites.userId,
                moved.map((row) => row.userId),
              ),
            ),
          );
        const told: string[] = [];
        for (const row of moved) {
          if (!row.enabled || row.status !== 'Enabled') continue;
          const dropped = row.seenPriceCents !== null && shoe.priceCents < row.seenPriceCents;
          const wentOnSale = row.seenOnSale === false && shoe.onSale;
          if (!dropped && !wentOnSale) continue;
          const inserted = await tx
            .insert(favoriteAlerts)
            .values({
              userId: row.userId,
              shoeId,
              shoeName: shoe.name,
              eventId,
              oldPriceCents: row.seenPriceCents ?? shoe.priceCents,
              newPriceCents: shoe.priceCents,
              wentOnSale,
            })
            .onConflictDoNothing()
            .returning({ id: favoriteAlerts.id });
          if (inserted.length === 0) continue;
          await queue(tx, row.userId);
          told.push(row.userId);
        }
        return told;
      });
    },

    /**
     * The alerts a digest job mails: those it took already (a run after a crash mails the same), or
     * else every pending alert of the shopper no other job took (a digest due later finds none).
     */
    async claim(userId: string, jobId: string): Promise<PendingAlert[]> {
      const taken = () =>
        db
          .select({
            id: favoriteAlerts.id,
            shoeId: favoriteAlerts.shoeId,
            shoeName: sql<string>`coalesce(${shoes.name}, ${favoriteAlerts.shoeName})`,
            image: shoes.image,
            oldPriceCents: favoriteAlerts.oldPriceCents,
            newPriceCents: favoriteAlerts.newPriceCents,
            wentOnSale: favoriteAlerts.wentOnSale,
          })
          .from(favoriteAlerts)
          .leftJoin(shoes, eq(shoes.id, favoriteAlerts.shoeId))
          .where(
            and(
              eq(favoriteAlerts.userId, userId),
              eq(favoriteAlerts.digestJobId, jobId),
              eq(favoriteAlerts.state, 'pending'),
            ),
          )
          .orderBy(asc(favoriteAlerts.createdAt), asc(favoriteAlerts.id));
      const already = await taken();
      if (already.length > 0) return already;
      await db
        .update(favoriteAlerts)
        .set({ digestJobId: jobId })
        .where(
          and(
            eq(favoriteAlerts.userId, userId),
            eq(favoriteAlerts.state, 'pending'),
            isNull(favoriteAlerts.digestJobId),
          ),
        );
      return taken();
    },

    /** Where a digest goes, and whether it may: the account's address, status and switch. */
    async recipient(userId: string) {
      const [row] = await db
        .select({ email: users.email, status: users.status, enabled: favoriteAlertSettings.enabled })
        .from(users)
        .leftJoin(favoriteAlertSettings, eq(favoriteAlertSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row && { ...row, enabled: row.enabled ?? false };
    },

    /** The job's alerts are sent (or skipped: alerts off, account disabled). */
    async settle(jobId: string, state: 'sent' | 'skipped'): Promise<void> {
      await db
        .update(favoriteAlerts)
        .set({ state, settledAt: sql`now()` })
        .where(and(eq(favoriteAlerts.digestJobId, jobId), eq(favoriteAlerts.state, 'pending')));
    },

    /** The data download's part: the switch and every change told (docs/your-data.md). */
    async exportOf(userId: string) {
      const enabled = await isEnabled(userId);
      const alerts = await db
        .select({
          shoe: favoriteAlerts.shoeName,
          shoeId: favoriteAlerts.shoeId,
          oldPriceCents: favoriteAlerts.oldPriceCents,
          newPriceCents: favoriteAlerts.newPriceCents,
          wentOnSale: favoriteAlerts.wentOnSale,
          state: favoriteAlerts.state,
          at: favoriteAlerts.createdAt,
          settledAt: favoriteAlerts.settledAt,
        })
        .from(favoriteAlerts)
        .where(eq(favoriteAlerts.userId, userId))
        .orderBy(asc(favoriteAlerts.createdAt));
      return { enabled, alerts };
    },

    /** A deleted account's switch and alerts. */
    async eraseOf(userId: string): Promise<void> {
      await db.delete(favoriteAlerts).where(eq(favoriteAlerts.userId, userId));
      await db.delete(favoriteAlertSettings).where(eq(favoriteAlertSettings.userId, userId));
    },
  };
}

export type FavoriteAlertRepository = ReturnType<typeof createFavoriteAlertRepository>;
