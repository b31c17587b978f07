import crypto from 'node:crypto';
import {
  drawResult,
  nextToCharge,
  sortByRank,
  type ChargeOutcome,
  type DrawEntry,
  type DrawResult,
} from '../../../domain/drop-draw.js';

/**
 * The draw's fairness (docs/decisions/032), in the forms a shopper can check with common tools:
 * - the seed is 64 hex characters, kept secret until the draw;
 * - its commitment, published before entries open, is the SHA-256 of those characters
 *   (`printf %s "$SEED" | sha256sum`);
 * - an entry's rank is the HMAC-SHA256 of its id with those characters as the key
 *   (`printf %s "$ENTRY_ID" | openssl dgst -sha256 -hmac "$SEED"`); the order is the ranks sorted.
 */
export function newSeed(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function commitmentOf(seed: string): string {
  return crypto.createHash('sha256').update(seed, 'utf8').digest('hex');
}

export function rankOf(seed: string, entryId: string): string {
  return crypto.createHmac('sha256', Buffer.from(seed, 'utf8')).update(entryId, 'utf8').digest('hex');
}

/** The entries in the draw's order under `seed`. */
export function drawOrder<T extends DrawEntry>(seed: string, entries: readonly T[]): T[] {
  const ranked = entries.map((entry) => ({ entry, id: entry.id, rank: rankOf(seed, entry.id) }));
  return sortByRank(ranked).map(({ entry }) => entry);
}

/**
 * Runs a draw: charges the entries the walk reaches, a round at a time (each round's charges at once,
 * at most `concurrency` in flight), until every pair is won or no entry is left. `charge` answers how
 * the entry's saved card fared; it is called once per entry at most. The result is the one anyone
 * recomputes from the order and the outcomes.
 */
export async function runDraw(options: {
  seed: string;
  entries: readonly DrawEntry[];
  pairs: Readonly<Record<string, number>>;
  charge: (entry: DrawEntry) => Promise<ChargeOutcome>;
  concurrency?: number;
  /** Outcomes a draw interrupted by a restart had recorded: not charged again. */
  decided?: ReadonlyMap<string, ChargeOutcome>;
}): Promise<{ order: DrawEntry[]; outcomes: Map<string, ChargeOutcome>; result: DrawResult }> {
  const order = drawOrder(options.seed, options.entries);
  const outcomes = new Map(options.decided ?? []);
  const concurrency = Math.max(1, options.concurrency ?? 16);
  for (;;) {
    const round = nextToCharge(order, options.pairs, outcomes);
    if (round.length === 0) break;
    for (let start = 0; start < round.length; start += concurrency) {
      const batch = round.slice(start, start + concurrency);
      // Every charge of the batch settles before a failure is thrown: the job that takes the draw up
      // must not find a charge of this run still in flight (it would charge that entry again).
      const answers = await Promise.allSettled(batch.map((entry) => options.charge(entry)));
      batch.forEach((entry, i) => {
        const answer = answers[i]!;
        if (answer.status === 'fulfilled') outcomes.set(entry.id, answer.value);
      });
      const failure = answers.find((answer) => answer.status === 'rejected');
      if (failure) throw failure.reason;
    }
  }
  return { order, outcomes, result: drawResult(order, options.pairs, outcomes) };
}
