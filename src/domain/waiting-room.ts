/**
 * A first-come drop's waiting room (issue 36 item 2, docs/decisions/034): shoppers join from
 * `earlyMinutes` before the opening; those who joined before it are put in a random order at the
 * opening, so arriving a millisecond earlier than another is worth nothing, and those after take the
 * next places in the order they came. Places are let in at the drop's rate; each has `minutesToPay`
 * from its admission. Pure arithmetic, shared by the server (which answers) and the page (which
 * counts down).
 */
export const WAITING_ROOM = {
  /** The waiting room opens this many minutes before the drop does. */
  earlyMinutes: 10,
  /** The shortest and longest wait between two polls of the waiting page, in seconds. */
  pollSeconds: { min: 2, max: 30 },
} as const;

export const QUEUE_STATUSES = ['early', 'waiting', 'admitted', 'expired', 'sold_out', 'closed'] as const;
/**
 * `early`: joined before the opening, place drawn at it; `waiting`: a place, not let in yet;
 * `admitted`: let in, may buy until `payBy`; `expired`: the time to pay ran out; `sold_out`: every pair
 * is sold; `closed`: the sale is over.
 */
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export interface WaitingDrop {
  opensAt: Date;
  closesAt: Date;
  admitPerMinute: number;
  minutesToPay: number;
  pairsLeft: number;
}

/** When the waiting room opens: `earlyMinutes` before the drop. */
export function queueOpensAt(opensAt: Date): Date {
  return new Date(opensAt.getTime() - WAITING_ROOM.earlyMinutes * 60_000);
}

/** When place `place` (from 1) is let in: the first at the opening, then `admitPerMinute` a minute. */
export function admittedAt(drop: Pick<WaitingDrop, 'opensAt' | 'admitPerMinute'>, place: number): Date {
  // Rounded up to the millisecond, so placesLetIn counts a place from its admission on, never before.
  return new Date(drop.opensAt.getTime() + Math.ceil(((place - 1) * 60_000) / drop.admitPerMinute));
}

/** How many places are let in at `now`. */
export function placesLetIn(drop: Pick<WaitingDrop, 'opensAt' | 'admitPerMinute'>, now: Date): number {
  const since = now.getTime() - drop.opensAt.getTime();
  return since < 0 ? 0 : Math.floor((since * drop.admitPerMinute) / 60_000) + 1;
}

export interface QueueView {
  status: QueueStatus;
  place: number | null;
  /** Places before this one not let in yet. */
  ahead: number | null;
  admitAt: Date | null;
  payBy: Date | null;
  /** When to ask again, in whole seconds: sooner as the admission nears, never past it. */
  pollAfterSeconds: number;
}

/** Where a place stands at `now` (`place` null: joined early, before the opening's draw). */
export function queueView(drop: WaitingDrop, place: number | null, now: Date): QueueView {
  const time = now.getTime();
  const poll = (untilMs: number) =>
    Math.max(
      WAITING_ROOM.pollSeconds.min,
      Math.min(WAITING_ROOM.pollSeconds.max, Math.ceil(untilMs / 3_000), Math.ceil(untilMs / 1_000)),
    );
  const idle = {
    place,
    ahead: null,
    admitAt: null,
    payBy: null,
    pollAfterSeconds: WAITING_ROOM.pollSeconds.max,
  };
  if (time >= drop.closesAt.getTime()) return { status: 'closed', ...idle };
  if (drop.pairsLeft <= 0) return { status: 'sold_out', ...idle };
  if (place === null) {
    return { status: 'early', ...idle, pollAfterSeconds: poll(drop.opensAt.getTime() - time) };
  }
  const admitAt = admittedAt(drop, place);
  const payBy = new Date(admitAt.getTime() + drop.minutesToPay * 60_000);
  const placed = { place, admitAt, payBy };
  if (time >= payBy.getTime())
    return { status: 'expired', ...placed, ahead: 0, pollAfterSeconds: idle.pollAfterSeconds };
  if (time >= admitAt.getTime()) {
    return { status: 'admitted', ...placed, ahead: 0, pollAfterSeconds: WAITING_ROOM.pollSeconds.max };
  }
  return {
    status: 'waiting',
    ...placed,
    ahead: Math.max(0, place - 1 - placesLetIn(drop, now)),
    pollAfterSeconds: poll(admitAt.getTime() - time),
  };
}
