import type { User } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import type {
  AdminDropAnswer,
  AdminEntry,
  DropAnswer,
  DropResultAnswer,
  MyEntry,
} from '../../../domain/contracts/drops.js';
import { phaseOf } from '../../../domain/drop-phase.js';
import { DROP_LIMITS, type DropEntryForm, type DropForm } from '../../../domain/drops.js';
import { MESSAGES } from '../../../domain/messages.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { Audited } from '../../audit/audit-writer.js';
import type { EventConsumer } from '../../events/domain-events.js';
import type { JobStore } from '../../jobs/job-store.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import { commitmentOf, newSeed } from './fairness.js';
import { myEntryOf } from './my-entry.js';
import { PUBLIC_DROPS_LIMIT, type DropRow } from './repository.js';
import { newEntryOf, type NewEntryDeps } from './new-entry.js';
import type { DropsStore } from './store.js';
import { createStorefrontDrops } from './storefront-drops.js';

/** The transaction a drop is scheduled or changed in, which its draw's job is queued in. */
type Tx = Parameters<Parameters<DropsStore['create']>[3]>[0];

/** The durable job that draws a drop at its close (docs/decisions/032). */
export const DRAW_JOB = 'drop.draw';

const M = MESSAGES.drops;
const cents = (value: number) => value / 100;

/** Entries staff see on a drop's page, flagged first. */
const ADMIN_ENTRIES = 500;

/**
 * Drops (issue 36): staff schedule them, shoppers enter a draw with a card saved for it, and the draw
 * (draw-job.ts) charges the winners at the close. Before the draw only the seed's commitment is
 * answered; the seed once it is drawn.
 */
export function createDropsService(deps: {
  repository: DropsStore;
  payments: Pick<PaymentProvider, 'saveCard'>;
  offersShipping: NewEntryDeps['offersShipping'];
  jobs: Pick<JobStore, 'enqueue'>;
  /** Looks for work now: a draw queued to run at once. */
  kick: () => void;
  now?: () => Date;
}) {
  const { repository, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const storefront = createStorefrontDrops({
    read: (shoeId, limit) => repository.listPublic(shoeId, limit),
    listLimit: PUBLIC_DROPS_LIMIT,
  });

  const publicOf = (row: DropRow, at: Date): DropAnswer => {
    const phase = phaseOf(row, at);
    return {
      _id: row.id,
      shoe: {
        _id: row.shoeId,
        name: row.shoeName,
        brand: row.brand,
        image: row.image,
        price: cents(row.priceCents),
      },
      mode: row.mode,
      phase,
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      commitment: row.commitment,
      // The secret until the draw is over: revealing it earlier would let anyone rank the entries.
      seed: row.status === 'drawn' ? row.seed : null,
      drawnAt: row.drawnAt?.toISOString() ?? null,
      sizes: row.sizes.map(({ size, pairs }) => ({ size, pairs })),
      entries: row.entries,
      now: at.toISOString(),
    };
  };

  async function adminOf(row: DropRow): Promise<AdminDropAnswer> {
    const job = await repository.drawJob(row.drawJobId);
    return {
      ...publicOf(row, now()),
      status: row.status,
      admitPerMinute: row.admitPerMinute,
      minutesToPay: row.minutesToPay,
      sizes: row.sizes,
      flagged: await repository.flaggedCount(row.id),
      queued: row.queued,
      draw:
        job && row.status !== 'scheduled'
          ? { state: job.state, done: job.done ?? 0, total: job.total ?? 0, error: job.error ?? null }
          : null,
    };
  }

  /** A drop's terms as staff may set them: an opening not past nor too far, pairs within the stock. */
  async function checkedTerms(form: DropForm, at: Date) {
    const opensAt = Date.parse(form.opensAt);
    if (opensAt < at.getTime() - DROP_LIMITS.pastToleranceMs) throw badRequest(M.opensInPast);
    if (opensAt > at.getTime() + DROP_LIMITS.aheadDays * 86_400_000) throw badRequest(M.tooFarAhead);
    const shoe = await repository.shoeStock(form.shoeId);
    if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
    for (const { size, pairs } of form.sizes) {
      const stock = shoe.stock.get(size);
      if (stock === undefined) throw badRequest(M.notOfShoe(size));
      if (stock < pairs) throw badRequest(M.notEnoughStock(size, stock));
    }
    return shoe;
  }

  /** A draw's job, queued in the transaction that schedules or moves its close, to run at it. */
  const drawAtClose =
    (form: DropForm, staff: User, at: Date) =>
    async (tx: Tx, dropId: string): Promise<string | null> =>
      form.mode === 'draw'
        ? jobs.enqueue(
            {
              kind: DRAW_JOB,
              payload: { dropId },
              createdBy: staff._id,
              delayMs: Math.max(0, Date.parse(form.closesAt) - at.getTime()),
            },
            tx,
          )
        : null;

  async function found(id: string): Promise<DropRow> {
    const row = isUuid(id) ? await repository.find(id) : undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  return {
    /**
     * Schedules a drop: the shoe's sizes must hold its pairs, and the shoe may have one drop at a
     * time. A draw's job is queued with it, to run at the close.
     */
    async schedule(form: DropForm, staff: User): Promise<AdminDropAnswer> {
      const at = now();
      const shoe = await checkedTerms(form, at);
      if (await repository.liveDropShoe([form.shoeId])) throw conflict(M.shoeInDrop);
      const seed = newSeed();
      const id = await repository.create(
        form,
        { seed, commitment: commitmentOf(seed) },
        audited(staff, 'drop.schedule', null, shoe.name, {
          mode: form.mode,
          opensAt: form.opensAt,
          closesAt: form.closesAt,
          sizes: form.sizes,
        }),
        drawAtClose(form, staff, at),
      );
      return adminOf(await found(id));
    },

    /**
     * Changes a drop until it opens (its times, mode, pairs and pace; never its shoe), on the same
     * checks as scheduling. A draw's job is queued for the new close; the one queued for the old
     * close finds the drop not closed, or drawn, and does nothing.
     */
    async edit(id: string, form: DropForm, staff: User): Promise<AdminDropAnswer> {
      const drop = await found(id);
      if (form.shoeId !== drop.shoeId) throw badRequest(M.otherShoe);
      const at = now();
      await checkedTerms(form, at);
      const changed = await repository.edit(
        drop.id,
        form,
        audited(staff, 'drop.edit', drop.id, drop.shoeName, {
          mode: form.mode,
          opensAt: form.opensAt,
          closesAt: form.closesAt,
          sizes: form.sizes,
          admitPerMinute: form.admitPerMinute,
          minutesToPay: form.minutesToPay,
        }),
        drawAtClose(form, staff, at),
      );
      if (!changed) throw conflict(M.notEditable);
      return adminOf(await found(id));
    },

    async list(shoeId?: string): Promise<DropAnswer[]> {
      if (shoeId !== undefined && !isUuid(shoeId)) return [];
      const at = now();
      return (await storefront.list(shoeId)).map((row) => publicOf(row, at));
    },

    async get(id: string): Promise<DropAnswer> {
      return publicOf(await found(id), now());
    },

    /** Every entry id with its size (from the close) and outcome, the seed once drawn: what anyone checks. */
    async result(id: string): Promise<DropResultAnswer> {
      const row = await found(id);
      if (row.mode !== 'draw') throw badRequest(M.notDraw);
      const phase = phaseOf(row, now());
      if (phase !== 'drawing' && phase !== 'drawn') throw conflict(M.noResult);
      return {
        commitment: row.commitment,
        seed: row.status === 'drawn' ? row.seed : null,
        pairs: Object.fromEntries(row.sizes.map(({ size, pairs }) => [size, pairs])),
        entries: await repository.publishedEntries(row.id),
      };
    },

    /**
     * Enters a signed-in shopper with a verified email: the card is saved for the draw (charged only
     * if it wins); one entry per email, card and delivery address.
     */
    async enter(
      user: User,
      dropId: string,
      form: DropEntryForm,
    ): Promise<{ message: string; entry: MyEntry }> {
      const drop = await found(dropId);
      if (drop.mode !== 'draw') throw badRequest(M.notDraw);
      if (phaseOf(drop, now()) !== 'open') throw conflict(M.notOpen);
      if (!drop.sizes.some((row) => row.size === form.size)) throw badRequest(M.notOfShoe(form.size));
      if (!(await repository.emailVerified(user._id)))
        throw new HttpError(403, 'email_not_verified', M.verifyEmail);
      if (await repository.entryOf(drop.id, user._id)) throw conflict(M.alreadyEntered);
      const entered = await repository.enter(await newEntryOf(deps, user, drop.id, form));
      if (!entered) throw conflict(M.notOpen);
      if ('taken' in entered) {
        throw conflict(
          entered.taken === 'card'
            ? M.cardUsed
            : entered.taken === 'address'
              ? M.addressUsed
              : M.alreadyEntered,
        );
      }
      const entry = await repository.entryOf(drop.id, user._id);
      return { message: M.entered(form.size), entry: myEntryOf(entry!, now()) };
    },

    async myEntries(user: User): Promise<MyEntry[]> {
      const at = now();
      return (await repository.entriesOf(user._id)).map((row) => myEntryOf(row, at));
    },

    async adminList(): Promise<AdminDropAnswer[]> {
      return Promise.all((await repository.listAll()).map(adminOf));
    },

    async adminGet(id: string): Promise<AdminDropAnswer> {
      return adminOf(await found(id));
    },

    async adminEntries(id: string): Promise<AdminEntry[]> {
      const drop = await found(id);
      return (await repository.adminEntries(drop.id, ADMIN_ENTRIES)).map((row) => ({
        _id: row.id,
        email: row.email ?? '',
        size: row.size,
        city: row.deliveryAddress?.city ?? '',
        state: row.deliveryAddress?.state ?? '',
        cardLast4: row.cardLast4,
        outcome: row.outcome,
        orderId: row.orderId,
        flags: row.flags,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Closes a draw's entries now and draws at once. */
    async closeEntries(id: string, staff: User): Promise<AdminDropAnswer> {
      const drop = await found(id);
      if (drop.mode !== 'draw') throw badRequest(M.notDraw);
      const closed = await repository.closeNow(
        drop.id,
        audited(staff, 'drop.close', drop.id, drop.shoeName, { closesAt: 'now' }),
        (tx) => jobs.enqueue({ kind: DRAW_JOB, payload: { dropId: drop.id }, createdBy: staff._id }, tx),
      );
      if (!closed) throw conflict(M.cannotClose);
      deps.kick();
      return adminOf(await found(id));
    },

    async cancel(id: string, staff: User): Promise<AdminDropAnswer> {
      const drop = await found(id);
      const record = audited(staff, 'drop.cancel', drop.id, drop.shoeName, { status: 'cancelled' });
      if (!(await repository.cancel(drop.id, record))) throw conflict(M.cannotCancel);
      return adminOf(await found(id));
    },

    /** The shopper's entries in their data download (docs/your-data.md). */
    exportOf: (userId: string) => repository.exportOf(userId),

    /** The checkout's gate: a shoe in a drop not over is sold by the drop alone. */
    inDrop: (shoeIds: string[]) => repository.liveDropShoe(shoeIds.filter(isUuid)),

    /** Reads the storefront's drops again after a change (storefront-drops.ts). */
    storefrontConsumer: storefront.consumer,

    /** A deleted account's entries (docs/your-data.md). */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseFor(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

const badRequest = (message: string) => new HttpError(400, 'validation', message);

/** A staff change of a drop, as the audit log keeps it (issue 20). */
function audited(
  staff: User,
  action: 'drop.schedule' | 'drop.edit' | 'drop.close' | 'drop.cancel',
  id: string | null,
  shoeName: string,
  after: unknown,
): Audited {
  return {
    actor: { _id: staff._id, email: staff.email },
    record: { action, target: { type: 'drop', id, label: shoeName }, after },
  };
}

export type DropsService = ReturnType<typeof createDropsService>;
