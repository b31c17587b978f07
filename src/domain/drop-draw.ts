/**
 * A drop's draw (issue 36 item 2, docs/decisions/032), the part anyone can recompute: given the entries
 * in the draw's order (their HMAC ranks sorted, which the server and a verifier compute with the
 * revealed seed) and the pairs of each size, which entries are charged, in which order, and who wins.
 *
 * The walk: down the order, an entry whose size still has a pair is charged; a paid charge wins that
 * pair, a failed one passes it to the next entry of the size. An entry is never charged before every
 * entry above it in its size was decided, so the winners depend only on the order and on which charges
 * failed, both published with the result.
 */

export interface DrawEntry {
  id: string;
  size: string;
}

/** What a charge of an entry's saved card did. */
export type ChargeOutcome = 'paid' | 'failed';

/** The entries that win, those whose charge failed, and those never charged (a pair was not left for them). */
export interface DrawResult {
  won: string[];
  failed: string[];
  notDrawn: string[];
}

/**
 * The next entries to charge, given what was decided so far: for each size, as many undecided entries
 * (from the top of its order) as it has pairs not yet won or being charged. They can be charged at once:
 * each is charged for a pair that is still free whatever the others' outcomes. Empty when the draw is over.
 */
export function nextToCharge(
  ordered: readonly DrawEntry[],
  pairs: Readonly<Record<string, number>>,
  outcomes: ReadonlyMap<string, ChargeOutcome>,
): DrawEntry[] {
  const free = new Map(Object.entries(pairs));
  const next: DrawEntry[] = [];
  for (const entry of ordered) {
    const left = free.get(entry.size) ?? 0;
    if (left <= 0) continue;
    const outcome = outcomes.get(entry.id);
    if (outcome === 'failed') continue;
    // A paid entry holds its pair; an undecided one is charged for it now.
    free.set(entry.size, left - 1);
    if (outcome === undefined) next.push(entry);
  }
  return next;
}

/**
 * The draw's result from the order, the pairs and the charges' outcomes: what the shop publishes and
 * what a verifier recomputes. Throws when an outcome is missing for an entry the walk reaches (the
 * draw is not finished) or when an entry the walk never reaches was charged (a draw that cheated).
 */
export function drawResult(
  ordered: readonly DrawEntry[],
  pairs: Readonly<Record<string, number>>,
  outcomes: ReadonlyMap<string, ChargeOutcome>,
): DrawResult {
  const free = new Map(Object.entries(pairs));
  const result: DrawResult = { won: [], failed: [], notDrawn: [] };
  for (const entry of ordered) {
    const outcome = outcomes.get(entry.id);
    if ((free.get(entry.size) ?? 0) <= 0) {
      if (outcome !== undefined)
        throw new Error(`entry ${entry.id} was charged although no pair was left for it`);
      result.notDrawn.push(entry.id);
      continue;
    }
    if (outcome === undefined)
      throw new Error(`entry ${entry.id} is reached by the draw but was not charged`);
    if (outcome === 'failed') {
      result.failed.push(entry.id);
      continue;
    }
    free.set(entry.size, free.get(entry.size)! - 1);
    result.won.push(entry.id);
  }
  return result;
}

/** The entries in the draw's order: by rank (the HMAC's hex), the id breaking a tie no HMAC will ever make. */
export function sortByRank<T extends { id: string; rank: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) =>
    a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
}
