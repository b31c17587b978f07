import type { EventConsumer } from '../../events/domain-events.js';
import type { DropRow } from './repository.js';

/** How long a read of the storefront's drops is kept: the staleness another instance, or an entry count, may show. */
export const STOREFRONT_DROPS_TTL_MS = 2_000;
/** Kept whole up to this many drops; a shop with more reads each shoe's drops from the database. */
export const STOREFRONT_DROPS_KEPT = 200;

interface StorefrontDropsDeps {
  /** The storefront's drops (or one shoe's), soonest first, at most `limit`. */
  read: (shoeId: string | undefined, limit: number) => Promise<DropRow[]>;
  /** The storefront's list answers this many at most. */
  listLimit: number;
  ttlMs?: number;
  clock?: () => number;
}

/**
 * The storefront's drops, read once and kept a moment: every shoe page the server renders asks for
 * its shoe's drops, and that read was 40% of an uncached page's CPU (docs/performance.md). The
 * drops are few (those not long over), so all of them are kept and each shoe's are picked from
 * them: a catalogue of 100,000 shoes reads them once, not once per shoe.
 *
 * The rows are kept, not the answers: a drop's phase and the server's clock are worked out at each
 * read. What a change on this instance makes stale is dropped by its event, before the change's
 * request answers (`consumer`); what another instance changed, and the count of entries, show
 * within `STOREFRONT_DROPS_TTL_MS`.
 */
export function createStorefrontDrops(deps: StorefrontDropsDeps) {
  const { read, listLimit, ttlMs = STOREFRONT_DROPS_TTL_MS, clock = Date.now } = deps;
  let kept: { rows: DropRow[]; complete: boolean; readAt: number } | undefined;
  let reading: Promise<{ rows: DropRow[]; complete: boolean }> | undefined;

  function readAll() {
    const readAt = clock();
    const started = read(undefined, STOREFRONT_DROPS_KEPT + 1).then((rows) => {
      const all = {
        rows: rows.slice(0, STOREFRONT_DROPS_KEPT),
        complete: rows.length <= STOREFRONT_DROPS_KEPT,
      };
      // A read begun before a change was forgotten is answered to those who asked, never kept.
      if (reading === started) kept = { ...all, readAt };
      return all;
    });
    reading = started;
    void started.then(
      () => (reading === started ? (reading = undefined) : undefined),
      () => (reading === started ? (reading = undefined) : undefined),
    );
    return started;
  }

  /** The next list reads the drops again. */
  function forget(): void {
    kept = undefined;
    reading = undefined;
  }

  async function all() {
    if (kept && clock() - kept.readAt < ttlMs) return kept;
    return reading ?? readAll();
  }

  return {
    /** As the repository's `listPublic`: the drops (or one shoe's), soonest first, at most the list's limit. */
    async list(shoeId?: string): Promise<DropRow[]> {
      const { rows, complete } = await all();
      if (shoeId === undefined) return rows.slice(0, listLimit);
      if (!complete) return read(shoeId, listLimit);
      const wanted = shoeId.toLowerCase();
      return rows.filter((row) => row.shoeId === wanted).slice(0, listLimit);
    },

    /**
     * A drop's change (its terms, status or draw) and the catalogue's (a shoe's name, price or
     * photo, a brand's name) change what the storefront shows of drops. Forgetting twice is harmless.
     */
    consumer: ((event) => {
      if (event.type === 'drop.changed' || event.type === 'drop.drawn' || event.type === 'catalog.changed')
        forget();
    }) satisfies EventConsumer,
  };
}
