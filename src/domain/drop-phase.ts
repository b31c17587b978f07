/**
 * A drop's modes, statuses and phases, and the phase it is in at a moment: what the storefront's
 * countdowns and badges need, kept apart from the drop forms' schemas (drops.ts) so that a page
 * showing a drop does not load Zod with its first scripts (docs/performance.md).
 */
export const DROP_MODES = ['draw', 'first_come'] as const;
export type DropMode = (typeof DROP_MODES)[number];

/** What the staff's changes and the draw store; `open` and `closed` are read from the clock. */
export const DROP_STATUSES = ['scheduled', 'drawing', 'drawn', 'cancelled'] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];

/** Where a drop stands at a moment, as the storefront shows it. */
export const DROP_PHASES = ['upcoming', 'open', 'closed', 'drawing', 'drawn', 'cancelled'] as const;
export type DropPhase = (typeof DROP_PHASES)[number];

/** The phase of a drop at `now`: the stored status, the entry window read from the clock. */
export function phaseOf(
  drop: { status: DropStatus; opensAt: string | Date; closesAt: string | Date },
  now: Date,
): DropPhase {
  if (drop.status !== 'scheduled') return drop.status;
  const time = now.getTime();
  if (time < new Date(drop.opensAt).getTime()) return 'upcoming';
  return time < new Date(drop.closesAt).getTime() ? 'open' : 'closed';
}

/**
 * A drop whose pairs are not given out yet (not drawn, not cancelled): the storefront announces it,
 * and its shoe is sold by the drop alone (the server's `liveDropShoe` asks the same of the status).
 */
export function isLivePhase(phase: DropPhase): boolean {
  return phase !== 'drawn' && phase !== 'cancelled';
}
