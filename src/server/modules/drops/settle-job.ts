import type { JobStore } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import type { DropsStore } from './store.js';
import { chargeKeyOf, type DropCheckout } from './winner-checkout.js';

/** The durable job that settles a first-come purchase its request left undecided (docs/decisions/034). */
export const SETTLE_JOB = 'drop.settle';

/** How long after its time to pay a purchase is settled: the charge has long answered by then. */
export const SETTLE_AFTER_PAY_MS = 2 * 60_000;
/** While the checkout itself is still settling the charge, look again this much later. */
const LOOK_AGAIN_MS = 5 * 60_000;

/**
 * Queued with each first-come purchase, in its transaction, to run after the shopper's time to pay.
 * Most find the purchase decided by its own request and do nothing. One still `entered` lost its
 * answer (a crash, a provider that never answered and a shopper who left): the checkout's stored
 * answer under the same key decides it, an order wins the pair, anything else gives it back.
 */
export function createSettleJob(deps: {
  repository: DropsStore;
  checkout: Pick<DropCheckout, 'settled'>;
  jobs: Pick<JobStore, 'enqueue'>;
}): JobHandler {
  const { repository, checkout, jobs } = deps;
  return async (job) => {
    const { dropId, entryId } = job.payload as { dropId: string; entryId: string };
    const entry = await repository.entryToCharge(entryId);
    if (!entry || entry.outcome !== 'entered') return { state: 'done', result: { settled: 'before' } };
    const answer = await checkout.settled(chargeKeyOf(entryId));
    if (answer === 'open') {
      await jobs.enqueue({
        kind: SETTLE_JOB,
        payload: { dropId, entryId },
        createdBy: null,
        delayMs: LOOK_AGAIN_MS,
      });
      return { state: 'done', result: { settled: 'later' } };
    }
    if (answer?.status === 200 && answer.orderId) {
      await repository.recordOutcome(dropId, entryId, 'won', answer.orderId, { counted: true });
      return { state: 'done', result: { settled: 'won' } };
    }
    await repository.releasePurchase(dropId, entryId);
    return { state: 'done', result: { settled: 'released' } };
  };
}
