import type { DropAnswer } from '../../../domain/contracts/drops';
import { isLivePhase, type DropMode } from '../../../domain/drop-phase';
import { MESSAGES } from '../../../domain/messages';

const T = MESSAGES.dropPages;
const W = T.waitingRoom;

/** While the draw is being made, how often its drop is read again. */
export const DRAWING_POLL_MS = 3_000;
/** A countdown's end is read again a moment after it, so the server's clock has surely passed it too. */
const PAST_THE_END_MS = 250;
/** However far the next change, an open drop's count of entries is read again this often. */
const LIVE_POLL_MS = 60_000;

/** A drop whose pairs are not given out yet: the storefront announces it and sells its shoe by it. */
export function isLive(drop: Pick<DropAnswer, 'phase'>): boolean {
  return isLivePhase(drop.phase);
}

/** What a drop's countdown counts down to, in its phase: the opening, the close, or nothing. */
export function countdownOf(
  drop: Pick<DropAnswer, 'phase' | 'opensAt' | 'closesAt'> & { mode?: DropMode },
): { label: string; target: string } | null {
  const sale = drop.mode === 'first_come';
  if (drop.phase === 'upcoming') return { label: sale ? W.saleOpensIn : T.opensIn, target: drop.opensAt };
  if (drop.phase === 'open') return { label: sale ? W.saleEndsIn : T.closesIn, target: drop.closesAt };
  return null;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `3d 04:05:06`, `04:05:06`, `05:06`: the time left, never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const clock = `${twoDigits(minutes)}:${twoDigits(seconds)}`;
  if (days > 0) return `${days}d ${twoDigits(hours)}:${clock}`;
  return hours > 0 ? `${twoDigits(hours)}:${clock}` : clock;
}

/** The same time left in words, for a screen reader: `3 days, 4 hours, 5 minutes`. */
export function describeRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), 'day'],
    [Math.floor((total % 86_400) / 3_600), 'hour'],
    [Math.floor((total % 3_600) / 60), 'minute'],
  ];
  const words = parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  if (words.length === 0) return `${total} second${total === 1 ? '' : 's'}`;
  return words.join(', ');
}

/**
 * When a drop read at `now` (the server's clock) should be read again: at its next change of phase
 * (its opening, its close), every few seconds while the draw is made, never once it is over.
 */
export function nextReadIn(drop: Pick<DropAnswer, 'phase' | 'opensAt' | 'closesAt' | 'now'>): number | false {
  const now = Date.parse(drop.now);
  const countdown = countdownOf(drop);
  if (countdown) {
    return Math.min(LIVE_POLL_MS, Math.max(1_000, Date.parse(countdown.target) - now + PAST_THE_END_MS));
  }
  return drop.phase === 'closed' || drop.phase === 'drawing' ? DRAWING_POLL_MS : false;
}

/** The soonest of several drops' next reads (a list of drops is one answer). */
export function nextListReadIn(drops: readonly DropAnswer[] | undefined): number | false {
  const delays = (drops ?? []).map(nextReadIn).filter((delay): delay is number => delay !== false);
  return delays.length === 0 ? false : Math.min(...delays);
}
