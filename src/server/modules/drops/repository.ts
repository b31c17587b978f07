// One file because a drop and its sizes are changed together by scheduling, editing, closing,
// cancelling and the draw, each in one transaction under the drop row's lock (lockForChange) and
// with its event: the lock's rule and everything that takes it stay in sight of each other.
import { and, asc, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { DropForm } from '../../../domain/drops.js';
import type { Database } from '../../db/client.js';
import { brands, dropEntries, drops, dropSizes, jobs, shoes, stockEntries } from '../../db/schema.js';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import { recordEvents } from '../../events/outbox-repository.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Drops not over (domain/drop-phase.ts `isLivePhase`, by status): their shoe is sold by the drop alone. */
const LIVE = ['scheduled', 'drawing'] as const;

/** How long a finished drop stays on the storefront's list. */
const SHOWN_AFTER_DAYS = 14;

/**
 * Takes a drop's row before changing its status or close: waits for the entries and purchases being
 * written (they hold it FOR KEY SHARE, entries-repository.ts) and makes the next ones wait for this.
 */
async function lockForChange(tx: Tx, dropId: string): Promise<void> {
  await tx.select({ id: drops.id }).from(drops).where(eq(drops.id, dropId)).for('update');
}

/** In the change's own transaction: the storefront's drops are read again once it commits (storefront-drops.ts). */
const announce = (tx: Tx, dropId: string) =>
  recordEvents(tx, [{ type: 'drop.changed', payload: { dropId } }]);

/** The storefront's list of drops answers this many at most. */
export const PUBLIC_DROPS_LIMIT = 50;

const dropColumns = {
  id: drops.id,
  mode: drops.mode,
  status: drops.status,
  opensAt: drops.opensAt,
  closesAt: drops.closesAt,
  commitment: drops.commitment,
  seed: drops.seed,
  drawnAt: drops.drawnAt,
  admitPerMinute: drops.admitPerMinute,
  minutesToPay: drops.minutesToPay,
  queued: drops.queued,
  drawJobId: drops.drawJobId,
  shoeId: shoes.id,
  shoeName: shoes.name,
  brand: brands.name,
  image: shoes.image,
  priceCents: shoes.priceCents,
};

export type DropRow = Awaited<ReturnType<DropsRepository['find']>> & object;

/**
 * The drops module's drops and their sizes (drops, drop_sizes), and the draw's writes to its entries:
 * with entries-repository.ts, the only place these tables are written.
 */
export function createDropsRepository(db: Database) {
  const selectDrops = () =>
    db
      .select({
        ...dropColumns,
        entries: sql<number>`(select count(*)::int from drop_entries e where e.drop_id = ${drops.id})`,
      })
      .from(drops)
      .innerJoin(shoes, eq(shoes.id, drops.shoeId))
      .innerJoin(brands, eq(brands.id, shoes.brandId));

  async function sizesOf(dropIds: string[]) {
    if (dropIds.length === 0) return new Map<string, { size: string; pairs: number; sold: number }[]>();
    const rows = await db
      .select()
      .from(dropSizes)
      .where(inArray(dropSizes.dropId, dropIds))
      .orderBy(sql`${dropSizes.size}::numeric`);
    const bySize = new Map<string, { size: string; pairs: number; sold: number }[]>();
    for (const row of rows) {
      const list = bySize.get(row.dropId) ?? [];
      list.push({ size: row.size, pairs: row.pairs, sold: row.sold });
      bySize.set(row.dropId, list);
    }
    return bySize;
  }

  const withSizes = async <T extends { id: string }>(rows: T[]) => {
    const sizes = await sizesOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, sizes: sizes.get(row.id) ?? [] }));
  };

  return {
    /** The shoe a drop would sell, its stock per size. */
    async shoeStock(shoeId: string) {
      const [shoe] = await db
        .select({ id: shoes.id, name: shoes.name })
        .from(shoes)
        .where(eq(shoes.id, shoeId));
      if (!shoe) return undefined;
      const stock = await db
        .select({ size: stockEntries.size, quantity: stockEntries.quantity })
        .from(stockEntries)
        .where(eq(stockEntries.shoeId, shoeId));
      return { ...shoe, stock: new Map(stock.map((row) => [row.size, row.quantity])) };
    },

    /** The name of a shoe of these with a drop not over, if any. */
    async liveDropShoe(shoeIds: string[]): Promise<string | undefined> {
      if (shoeIds.length === 0) return undefined;
      const [row] = await db
        .select({ name: shoes.name })
        .from(drops)
        .innerJoin(shoes, eq(shoes.id, drops.shoeId))
        .where(
          and(
            inArray(drops.shoeId, shoeIds),
            inArray(drops.status, LIVE),
            // A first-come sale is over at its close: the pairs left are the shop's again.
            or(eq(drops.mode, 'draw'), gt(drops.closesAt, sql`now()`)),
          ),
        )
        .limit(1);
      return row?.name;
    },

    /**
     * Schedules a drop and its draw's job in one transaction: the drop exists with its job or not at
     * all. `enqueue` queues the job in that transaction and answers its id.
     */
    async create(
      form: DropForm,
      secrets: { seed: string; commitment: string },
      audited: Audited,
      enqueue: (tx: Tx, dropId: string) => Promise<string | null>,
    ): Promise<string> {
      const createdBy = audited.actor._id;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(drops)
          .values({
            shoeId: form.shoeId,
            mode: form.mode,
            opensAt: new Date(form.opensAt),
            closesAt: new Date(form.closesAt),
            commitment: secrets.commitment,
            seed: secrets.seed,
            admitPerMinute: form.admitPerMinute,
            minutesToPay: form.minutesToPay,
            createdBy,
          })
          .returning({ id: drops.id });
        await tx
          .insert(dropSizes)
          .values(form.sizes.map((size) => ({ dropId: row!.id, size: size.size, pairs: size.pairs })));
        const jobId = await enqueue(tx, row!.id);
        await recordAudit(tx, {
          ...audited,
          record: { ...audited.record, target: { ...audited.record.target, id: row!.id } },
        });
        if (jobId) await tx.update(drops).set({ drawJobId: jobId }).where(eq(drops.id, row!.id));
        await announce(tx, row!.id);
        return row!.id;
      });
    },

    async find(id: string) {
      const [row] = await selectDrops().where(eq(drops.id, id));
      if (!row) return undefined;
      return (await withSizes([row]))[0]!;
    },

    /** Upcoming, open and lately finished drops (or one shoe's), soonest first, at most `limit`. */
    async listPublic(shoeId: string | undefined, limit: number) {
      const rows = await selectDrops()
        .where(
          and(
            ne(drops.status, 'cancelled'),
            gt(drops.closesAt, sql`now() - ${SHOWN_AFTER_DAYS} * interval '1 day'`),
            shoeId ? eq(drops.shoeId, shoeId) : undefined,
          ),
        )
        .orderBy(asc(drops.opensAt), asc(drops.id))
        .limit(limit);
      return withSizes(rows);
    },

    /** Every drop, newest first, with the count of flagged entries: the admin panel's. */
    async listAll() {
      const rows = await selectDrops().orderBy(desc(drops.opensAt)).limit(200);
      return withSizes(rows);
    },

    async drawJob(jobId: string | null) {
      if (!jobId) return undefined;
      const [row] = await db
        .select({ state: jobs.state, done: jobs.progressDone, total: jobs.progressTotal, error: jobs.error })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      return row;
    },

    /** Ends the entry window now (staff's "close entries"): true when it was open. */
    async closeNow(dropId: string, audited: Audited, enqueue: (tx: Tx) => Promise<string>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockForChange(tx, dropId);
        const rows = await tx
          .update(drops)
          .set({ closesAt: sql`clock_timestamp()` })
          .where(
            and(
              eq(drops.id, dropId),
              eq(drops.status, 'scheduled'),
              lte(drops.opensAt, sql`clock_timestamp()`),
              gt(drops.closesAt, sql`clock_timestamp()`),
            ),
          )
          .returning({ id: drops.id });
        if (rows.length === 0) return false;
        // The draw at once, queued with the close: the one queued for the old close finds it drawn.
        await tx
          .update(drops)
          .set({ drawJobId: await enqueue(tx) })
          .where(eq(drops.id, dropId));
        await recordAudit(tx, audited);
        await announce(tx, dropId);
        return true;
      });
    },

    /**
     * Changes a drop that has not opened (on the database's clock): its terms, its sizes written
     * again (none is sold before the opening), and its draw's job for the new close. False: it has
     * opened, or is over.
     */
    async edit(
      dropId: string,
      form: DropForm,
      audited: Audited,
      enqueue: (tx: Tx, dropId: string) => Promise<string | null>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockForChange(tx, dropId);
        const rows = await tx
          .update(drops)
          .set({
            mode: form.mode,
            opensAt: new Date(form.opensAt),
            closesAt: new Date(form.closesAt),
            admitPerMinute: form.admitPerMinute,
            minutesToPay: form.minutesToPay,
          })
          .where(
            and(
              eq(drops.id, dropId),
              eq(drops.status, 'scheduled'),
              gt(drops.opensAt, sql`clock_timestamp()`),
            ),
          )
          .returning({ id: drops.id });
        if (rows.length === 0) return false;
        await tx.delete(dropSizes).where(eq(dropSizes.dropId, dropId));
        await tx
          .insert(dropSizes)
          .values(form.sizes.map((size) => ({ dropId, size: size.size, pairs: size.pairs })));
        await tx
          .update(drops)
          .set({ drawJobId: await enqueue(tx, dropId) })
          .where(eq(drops.id, dropId));
        await recordAudit(tx, audited);
        await announce(tx, dropId);
        return true;
      });
    },

    /** A drop not drawn yet is cancelled: its entries are never charged. */
    async cancel(dropId: string, audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockForChange(tx, dropId);
        const rows = await tx
          .update(drops)
          .set({ status: 'cancelled' })
          .where(and(eq(drops.id, dropId), eq(drops.status, 'scheduled')))
          .returning({ id: drops.id });
        if (rows.length === 0) return false;
        await recordAudit(tx, audited);
        await announce(tx, dropId);
        return true;
      });
    },

    /** The draw begins once entries closed (on the database's clock): no entry can come after. */
    async startDraw(dropId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockForChange(tx, dropId);
        const rows = await tx
          .update(drops)
          .set({ status: 'drawing' })
          .where(
            and(
              eq(drops.id, dropId),
              inArray(drops.status, ['scheduled', 'drawing']),
              lte(drops.closesAt, sql`clock_timestamp()`),
            ),
          )
          .returning({ id: drops.id });
        if (rows.length === 0) return false;
        await announce(tx, dropId);
        return true;
      });
    },

    /**
     * Records what a charge did to an entry, once: a win counts its pair sold. In its own transaction
     * with its event, so a draw taken up after a restart starts from here.
     */
    async recordOutcome(
      dropId: string,
      entryId: string,
      outcome: 'won' | 'declined',
      orderId: string | null,
      /** A first-come purchase counted its pair when it took it (entries-repository `enter`). */
      { counted = false }: { counted?: boolean } = {},
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [entry] = await tx
          .update(dropEntries)
          .set({ outcome, orderId, decidedAt: sql`now()` })
          .where(and(eq(dropEntries.id, entryId), eq(dropEntries.outcome, 'entered')))
          .returning({ size: dropEntries.size });
        if (!entry) return;
        if (outcome === 'won' && !counted) {
          await tx
            .update(dropSizes)
            .set({ sold: sql`${dropSizes.sold} + 1` })
            .where(and(eq(dropSizes.dropId, dropId), eq(dropSizes.size, entry.size)));
        }
        await recordEvents(tx, [{ type: 'drop.outcome', payload: { dropId, entryId, outcome } }]);
      });
    },

    /** Ends the draw: the entries not drawn lost, the seed revealed (drawn_at), its event. */
    async finishDraw(dropId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(drops)
          .set({ status: 'drawn', drawnAt: sql`now()` })
          .where(and(eq(drops.id, dropId), eq(drops.status, 'drawing')))
          .returning({ id: drops.id });
        if (!row) return;
        await tx
          .update(dropEntries)
          .set({ outcome: 'lost', decidedAt: sql`now()` })
          .where(and(eq(dropEntries.dropId, dropId), eq(dropEntries.outcome, 'entered')));
        await recordEvents(tx, [{ type: 'drop.drawn', payload: { dropId } }]);
      });
    },
  };
}

export type DropsRepository = ReturnType<typeof createDropsRepository>;
