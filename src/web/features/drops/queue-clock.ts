import type { QueueAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import type { QueueStatus } from '../../../domain/waiting-room';

const W = MESSAGES.dropPages.waitingRoom;

/** Answers after which the waiting room has nothing more to say: no further poll. */
const FINAL: ReadonlySet<QueueStatus> = new Set(['expired', 'sold_out', 'closed']);

/**
 * The status of a place at `now` (the server's clock): the answer's, moved on by the clock alone
 * between two polls, so the buy form opens at the admission and closes at the end of the time to
 * pay to the second (the server does the same arithmetic: domain/waiting-room.ts). An early place
 * waits for the poll that brings its number.
 */
export function queueStatusAt(
  answer: Pick<QueueAnswer, 'status' | 'admitAt' | 'payBy'>,
  now: number,
): QueueStatus {
  const { status, admitAt, payBy } = answer;
  if ((status === 'waiting' || status === 'admitted') && payBy && now >= Date.parse(payBy)) return 'expired';
  if (status === 'waiting' && admitAt && now >= Date.parse(admitAt)) return 'admitted';
  return status;
}

/** When to read the place again: the server's `pollAfterSeconds`, never once the answer is final. */
export function nextQueueReadIn(answer: Pick<QueueAnswer, 'status' | 'pollAfterSeconds'>): number | false {
  if (FINAL.has(answer.status)) return false;
  return Math.max(1, answer.pollAfterSeconds) * 1_000;
}

/** Whole minutes to `admitAt` at `now`, rounded up: what "about N minutes" says. */
export function minutesToWait(admitAt: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(admitAt) - now) / 60_000));
}

/**
 * What the live region says of a place at `now`: its status and, while waiting, the wait to the
 * minute. It changes only with the status or the minute, so a screen reader hears the wait go down
 * about once a minute, not every place let in or every second.
 */
export function queueAnnouncement(answer: QueueAnswer, now: number): string {
  switch (queueStatusAt(answer, now)) {
    case 'early':
      return W.early;
    case 'waiting':
      return answer.admitAt ? W.wait(minutesToWait(answer.admitAt, now)) : W.keepOpen;
    case 'admitted':
      return W.yourTurn;
    case 'expired':
      return MESSAGES.drops.passExpired;
    case 'sold_out':
      return MESSAGES.drops.soldOut;
    case 'closed':
      return MESSAGES.drops.saleClosed;
  }
}
