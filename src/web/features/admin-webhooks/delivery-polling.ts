import type { WebhookDeliveryAnswer } from '../../../domain/contracts/webhooks';

/** How soon a log with a delivery on its way is asked again: the attempt's outcome, promptly. */
export const POLL_MS = 3_000;
/** The longest wait while a retry is due later: the log still moves if another tab replays. */
export const POLL_MAX_MS = 60_000;

type Polled = Pick<WebhookDeliveryAnswer, 'state' | 'nextAttemptAt'>;

/**
 * When to read the delivery log again (react-query's `refetchInterval`), or `false` to stop: every few
 * seconds while a delivery is being sent or due, until its next attempt when that is later (a receiver
 * that is down waits minutes, then hours, between attempts), and never once every one has settled.
 */
export function nextPollMs(deliveries: readonly Polled[], now: number): number | false {
  if (deliveries.some((delivery) => delivery.state === 'delivering')) return POLL_MS;
  const due = deliveries
    .filter((delivery) => delivery.state === 'pending')
    .map((delivery) => (delivery.nextAttemptAt === null ? now : Date.parse(delivery.nextAttemptAt)));
  if (due.length === 0) return false;
  const soonest = Math.min(...due.map((at) => (Number.isNaN(at) ? now : at)));
  return Math.min(Math.max(soonest - now, POLL_MS), POLL_MAX_MS);
}
