import type { ChargeOutcome } from '../../../domain/drop-draw.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import { runDraw } from './fairness.js';
import type { DropsStore } from './store.js';

/** An entry as the draw charges it: who, which card, where the pair goes. */
export interface EntryToCharge {
  id: string;
  size: string;
  userId: string | null;
  deliveryAddress: Record<string, string> | null;
  shippingMethod: string | null;
  paymentMethodId: string | null;
}

/**
 * What charging an entry's saved card for its pair did: an order (won), a refused card (declined).
 * Anything the shop cannot yet tell (the provider not answering) is thrown, and the job tries again
 * later; the entry's id is the checkout's idempotency key, so the retry never charges twice.
 */
export type ChargeEntry = (
  entry: EntryToCharge,
  shoeId: string,
) => Promise<{ outcome: 'won'; orderId: string } | { outcome: 'declined'; message?: string | undefined }>;

/** Charges in flight at once: a few rounds for 10,000 entries, not 10,000 calls in a row. */
const CONCURRENCY = 16;

/**
 * The draw of a drop at its close (docs/decisions/032), a durable job: it starts the draw (no entry
 * can come after), walks the order of the entries' HMAC ranks, charging each entry the walk reaches
 * and recording its outcome as it answers, then ends the draw (the seed revealed, the rest lost).
 * Taken up after a restart, it charges none of the outcomes already recorded again.
 */
export function createDrawJob(deps: { repository: DropsStore; chargeEntry: ChargeEntry }): JobHandler {
  const { repository, chargeEntry } = deps;
  return async (job, context) => {
    const { dropId } = job.payload as { dropId: string };
    const drop = await repository.find(dropId);
    if (!drop || drop.mode !== 'draw' || drop.status === 'cancelled' || drop.status === 'drawn')
      return { state: 'done', result: { skipped: drop?.status ?? 'gone' } };
    // A job queued for a close that was then moved later: the later close's job draws.
    if (!(await repository.startDraw(dropId))) return { state: 'done', result: { skipped: 'not closed' } };

    const entries = await repository.entriesToDraw(dropId);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const decided = new Map<string, ChargeOutcome>();
    for (const entry of entries) {
      if (entry.outcome === 'won') decided.set(entry.id, 'paid');
      if (entry.outcome === 'declined') decided.set(entry.id, 'failed');
    }
    const pairs = Object.fromEntries(drop.sizes.map(({ size, pairs }) => [size, pairs]));
    const total = drop.sizes.reduce((sum, { pairs }) => sum + pairs, 0);
    let won = [...decided.values()].filter((outcome) => outcome === 'paid').length;
    await context.progress(won, total);

    const { result } = await runDraw({
      seed: drop.seed,
      entries: entries.map(({ id, size }) => ({ id, size })),
      pairs,
      decided,
      concurrency: CONCURRENCY,
      charge: async ({ id }) => {
        // Stopping: this entry is charged by the run that takes the job up.
        if (context.signal.aborted) throw new Error('The shop is stopping');
        const charged = await chargeEntry(byId.get(id)!, drop.shoeId);
        await repository.recordOutcome(
          dropId,
          id,
          charged.outcome,
          charged.outcome === 'won' ? charged.orderId : null,
        );
        if (charged.outcome === 'won') await context.progress((won += 1), total);
        return charged.outcome === 'won' ? 'paid' : 'failed';
      },
    });
    await repository.finishDraw(dropId);
    return {
      state: 'done',
      result: { won: result.won.length, declined: result.failed.length, lost: result.notDrawn.length },
    };
  };
}
