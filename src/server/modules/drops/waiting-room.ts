import crypto from 'node:crypto';
import pLimit from 'p-limit';
import type { User } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import type { MyEntry, QueueAnswer } from '../../../domain/contracts/drops.js';
import type { DropEntryForm } from '../../../domain/drops.js';
import { MESSAGES } from '../../../domain/messages.js';
import { queueView, type WaitingDrop } from '../../../domain/waiting-room.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { createSignedTokens } from '../../http/signed-token.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import type { JobStore } from '../../jobs/job-store.js';
import type { ChargeEntry } from './draw-job.js';
import { myEntryOf } from './my-entry.js';
import type { DropRow } from './repository.js';
import { SETTLE_AFTER_PAY_MS, SETTLE_JOB } from './settle-job.js';
import { newEntryOf, type NewEntryDeps } from './new-entry.js';
import type { DropsStore } from './store.js';

const M = MESSAGES.drops;

/** How long an instance answers polls from the drop it read last: one read a second, whatever the crowd. */
const DROP_CACHE_MS = 1_000;

/**
 * How old a copy may still answer while the next read is on its way, so that no poll waits for one;
 * past this (the database unreachable, say) polls wait for a fresh read.
 */
const DROP_STALE_MS = 10_000;

/**
 * The early arrivals' first poll after the opening, spread over this many seconds: otherwise all of
 * them come back at the same instant. At most this late to learn their place, out of minutes to pay.
 */
const EARLY_POLL_SPREAD_SECONDS = 3;

/** How many drops' early orders an instance keeps (a drop's is a few bytes a shopper). */
const EARLY_ORDERS_KEPT = 20;

/**
 * Joins an instance sends to the database at once. Joins take their places one after another on the
 * drop's row, so more in flight would only wait inside PostgreSQL, each holding one of the pool's
 * connections that the polls' reads and the purchases need (bench --scenario drop saw 239 queries
 * waiting for one); two keep the row busy, the next already queued behind the one committing.
 */
const JOINS_IN_FLIGHT = 2;

/** A place as its signed cookie holds it: the drop, the shopper, the place (null: joined early). */
export interface PlaceClaims {
  d: string;
  u: string;
  p: number | null;
}

type CachedDrop = WaitingDrop & {
  id: string;
  mode: DropRow['mode'];
  status: DropRow['status'];
  sizesLeft: string[];
  /** Every size the drop sells, and its shoe. */
  sizes: string[];
  shoeId: string;
};

/**
 * A first-come drop's waiting room (issue 36 item 2, docs/decisions/034). Joining writes a place (one
 * per shopper) and hands it back signed; a poll reads nothing but that token and the drop as this
 * instance last read it, so a crowd polling costs the database one read a second. A shopper let in
 * buys one pair with the same token: the pair is taken with the purchase's row (one per person, card
 * and address), then charged through the checkout, and given back if the card is declined.
 */
export function createWaitingRoom(deps: {
  repository: DropsStore;
  payments: Pick<PaymentProvider, 'saveCard'>;
  offersShipping: NewEntryDeps['offersShipping'];
  chargeEntry: ChargeEntry;
  jobs: Pick<JobStore, 'enqueue'>;
  /** The shop's secret: the places' signatures. */
  secret: string;
  now?: () => Date;
}) {
  const { repository, chargeEntry, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const tokens = createSignedTokens(deps.secret, 'drop-queue');
  const cache = new Map<
    string,
    {
      until: number;
      drop: Promise<CachedDrop | undefined>;
      last?: { at: number; drop: CachedDrop | undefined };
    }
  >();
  const earlyOrders = new Map<string, Promise<ReadonlyMap<string, number> | undefined>>();
  const joinSlot = pLimit(JOINS_IN_FLIGHT);

  const waitingOf = (row: DropRow): CachedDrop => ({
    id: row.id,
    mode: row.mode,
    status: row.status,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    admitPerMinute: row.admitPerMinute,
    minutesToPay: row.minutesToPay,
    pairsLeft:
      row.status === 'scheduled' ? row.sizes.reduce((sum, size) => sum + size.pairs - size.sold, 0) : 0,
    sizesLeft: row.sizes.filter((size) => size.sold < size.pairs).map((size) => size.size),
    sizes: row.sizes.map((size) => size.size),
    shoeId: row.shoeId,
  });

  /**
   * The drop as this instance read it at most a second ago, one read in flight per drop; while the
   * next read is on its way, the last copy answers (if under DROP_STALE_MS old), so no poll waits.
   */
  function cachedDrop(id: string): Promise<CachedDrop | undefined> {
    const time = Date.now();
    const hit = cache.get(id);
    if (hit && hit.until > time) return hit.drop;
    const read = repository.find(id).then((row) => (row ? waitingOf(row) : undefined));
    const entry: NonNullable<typeof hit> = { until: time + DROP_CACHE_MS, drop: read, last: hit?.last };
    cache.set(id, entry);
    read.then(
      (drop) => {
        entry.last = { at: Date.now(), drop };
        entry.drop = Promise.resolve(drop);
      },
      () => cache.get(id) === entry && cache.delete(id),
    );
    if (cache.size > 100) cache.delete(cache.keys().next().value!);
    const last = hit?.last;
    return last && time - last.at < DROP_STALE_MS ? Promise.resolve(last.drop) : read;
  }

  async function firstComeDrop(id: string): Promise<CachedDrop> {
    const drop = isUuid(id) ? await cachedDrop(id) : undefined;
    if (!drop) throw notFound(M.notFound);
    if (drop.mode !== 'first_come') throw new HttpError(400, 'validation', M.notFirstCome);
    return drop;
  }

  const answerOf = (drop: CachedDrop, place: number | null, at: Date): QueueAnswer => {
    const view = queueView(drop, drop.status === 'cancelled' ? null : place, at);
    const over = drop.status !== 'scheduled';
    // An early arrival asked back at the opening comes back a random moment within the spread.
    const spread =
      view.status === 'early' && drop.opensAt.getTime() - at.getTime() <= view.pollAfterSeconds * 1_000
        ? crypto.randomInt(EARLY_POLL_SPREAD_SECONDS + 1)
        : 0;
    return {
      status: over ? 'closed' : view.status,
      place: view.place,
      ahead: view.ahead,
      admitAt: view.admitAt?.toISOString() ?? null,
      payBy: view.payBy?.toISOString() ?? null,
      pairsLeft: drop.pairsLeft,
      sizesLeft: drop.sizesLeft,
      opensAt: drop.opensAt.toISOString(),
      pollAfterSeconds: view.pollAfterSeconds + spread,
      now: at.toISOString(),
    };
  };

  /** The claims of a place cookie for this drop, or undefined. */
  function claimsOf(token: string | undefined, dropId: string): PlaceClaims | undefined {
    const claims = token ? tokens.verify(token) : undefined;
    if (!claims || claims.d !== dropId || typeof claims.u !== 'string') return undefined;
    const place = claims.p;
    if (place !== null && (typeof place !== 'number' || !Number.isInteger(place) || place < 1))
      return undefined;
    return { d: dropId, u: claims.u, p: place };
  }

  /**
   * The early arrivals' drawn order of a drop, as this instance read it once after the opening (it is
   * final then): a thousand shoppers back at the opening cost one read, not a thousand.
   */
  function earlyOrder(dropId: string): Promise<ReadonlyMap<string, number> | undefined> {
    const known = earlyOrders.get(dropId);
    if (known) return known;
    const order = repository.earlyPlaces(dropId);
    earlyOrders.set(dropId, order);
    // Not drawn yet (this instance's clock ahead of the database's), or failed: asked again next time.
    order.then(
      (places) => places === undefined && earlyOrders.delete(dropId),
      () => earlyOrders.delete(dropId),
    );
    if (earlyOrders.size > EARLY_ORDERS_KEPT) earlyOrders.delete(earlyOrders.keys().next().value!);
    return order;
  }

  /** An early arrival's place once the drop has opened: read once, then carried in a new token. */
  async function settled(claims: PlaceClaims, drop: CachedDrop, at: Date): Promise<PlaceClaims> {
    if (claims.p !== null || at < drop.opensAt) return claims;
    const place = (await earlyOrder(drop.id))?.get(claims.u);
    return place ? { ...claims, p: place } : claims;
  }

  const tokenOf = (claims: PlaceClaims) => tokens.sign(claims);

  return {
    /** Joins the waiting room (once per shopper: joining again answers the same place). */
    async join(user: User, dropId: string): Promise<{ answer: QueueAnswer; token: string; closesAt: Date }> {
      const drop = await firstComeDrop(dropId);
      if (!(await repository.emailVerified(user._id)))
        throw new HttpError(403, 'email_not_verified', M.verifyEmail);
      const joined = await joinSlot(() => repository.join(drop.id, user._id));
      if (!joined) {
        const at = now();
        if (drop.status === 'scheduled' && at < drop.closesAt) throw conflict(M.queueNotOpen);
        throw conflict(M.saleClosed);
      }
      const at = now();
      const claims = await settled({ d: drop.id, u: user._id, p: joined.place }, drop, at);
      return { answer: answerOf(drop, claims.p, at), token: tokenOf(claims), closesAt: drop.closesAt };
    },

    /**
     * Where a place stands, from its token and the cached drop alone (an early arrival's first poll
     * after the opening reads its drawn place once, and gets a new token with it).
     */
    async poll(
      dropId: string,
      token: string | undefined,
    ): Promise<{ answer: QueueAnswer; token?: string; closesAt: Date }> {
      const drop = await firstComeDrop(dropId);
      const claims = claimsOf(token, drop.id);
      if (!claims) throw new HttpError(404, 'not_queued', M.notQueued);
      const at = now();
      const current = await settled(claims, drop, at);
      return {
        answer: answerOf(drop, current.p, at),
        ...(current !== claims ? { token: tokenOf(current) } : {}),
        closesAt: drop.closesAt,
      };
    },

    /**
     * Buys one pair for a shopper let in, while their time to pay lasts. Pressed again after a
     * payment that could not be finished, it takes up the same purchase (the same idempotency key):
     * never a second charge, never a second pair.
     */
    async buy(
      user: User,
      dropId: string,
      token: string | undefined,
      form: DropEntryForm,
    ): Promise<{ message: string; entry: MyEntry }> {
      const drop = await firstComeDrop(dropId);
      const claims = claimsOf(token, drop.id);
      if (!claims || claims.u !== user._id) throw new HttpError(403, 'not_queued', M.notQueued);
      const at = now();
      const { p: place } = await settled(claims, drop, at);
      if (drop.status !== 'scheduled' || at >= drop.closesAt) throw conflict(M.saleClosed);
      const view = queueView({ ...drop, pairsLeft: 1 }, place, at);
      if (view.status === 'expired') throw new HttpError(403, 'pass_expired', M.passExpired);
      if (view.status !== 'admitted') throw new HttpError(403, 'not_your_turn', M.notYourTurn);
      if (!(await repository.emailVerified(user._id)))
        throw new HttpError(403, 'email_not_verified', M.verifyEmail);

      // The drop's sizes and shoe are fixed from its opening on: the instance's copy has them.
      if (!drop.sizes.includes(form.size)) throw badRequest(M.notOfShoe(form.size));
      const mine = await repository.entryOf(drop.id, user._id);
      if (mine?.outcome === 'won') throw conflict(M.alreadyBought);
      const entryId = mine?.outcome === 'entered' ? mine.id : await takePair(user, drop, form);

      const purchase = await repository.entryToCharge(entryId);
      let outcome;
      try {
        outcome = await chargeEntry(purchase!, drop.shoeId);
      } catch {
        // Not told whether it was paid: the pair stays taken, and pressing again asks the checkout
        // under the same key, which answers what it did.
        throw new HttpError(503, 'payment_unfinished', M.payAgain);
      }
      if (outcome.outcome === 'declined') {
        await repository.releasePurchase(drop.id, entryId);
        throw new HttpError(402, 'card_declined', outcome.message ?? MESSAGES.payment.card_declined);
      }
      await repository.recordOutcome(drop.id, entryId, 'won', outcome.orderId, { counted: true });
      cache.delete(drop.id);
      const entry = await repository.entryOf(drop.id, user._id);
      return { message: M.bought(form.size), entry: myEntryOf(entry!, now()) };
    },
  };

  /** Saves the card (outside any transaction), then takes a pair of the size with the purchase's row. */
  async function takePair(user: User, drop: CachedDrop, form: DropEntryForm): Promise<string> {
    const dropId = drop.id;
    const taken = await repository.enter(
      await newEntryOf(deps, user, dropId, form),
      'first_come',
      // Settles it after the time to pay if its own request never does (settle-job.ts).
      (tx, entryId) =>
        jobs.enqueue(
          {
            kind: SETTLE_JOB,
            payload: { dropId, entryId },
            createdBy: null,
            delayMs: drop.minutesToPay * 60_000 + SETTLE_AFTER_PAY_MS,
          },
          tx,
        ),
    );
    if (!taken) throw conflict(M.saleClosed);
    if ('soldOut' in taken) throw conflict(M.sizeSoldOut(form.size));
    if ('taken' in taken) {
      throw conflict(
        taken.taken === 'card'
          ? M.cardUsedToBuy
          : taken.taken === 'address'
            ? M.addressUsedToBuy
            : M.alreadyBought,
      );
    }
    return taken.id;
  }
}

const badRequest = (message: string) => new HttpError(400, 'validation', message);

export type WaitingRoom = ReturnType<typeof createWaitingRoom>;
