import type { EventConsumer } from '../events/domain-events.js';
import type { CatalogCacheSync } from './cache-sync.js';
import type { CatalogCache } from './response-cache.js';

/**
 * The catalogue cache as a consumer of the outbox (docs/decisions/017): a change of stock drops the
 * answers it made stale (as does a change of the shoes bought together), a catalogue edit or a drop's
 * change drops them all, here and, on PostgreSQL, on the other instances (cache-sync.ts). Dropping
 * twice drops nothing more: an event handed over again is harmless.
 */
export function catalogCacheConsumer(cache: CatalogCache, sync: CatalogCacheSync | undefined): EventConsumer {
  return (event) => {
    if (event.type === 'stock.changed') {
      cache.invalidate(event.payload);
      sync?.announce(event.payload);
    } else if (event.type === 'co-purchases.changed') {
      // Tagged as the shoe's own answers are: its "also like" row holds the shoes bought with it.
      const change = { shoeIds: event.payload.shoeIds, sizesInStockChanged: false, unitsSoldChanged: false };
      cache.invalidate(change);
      sync?.announce(change);
    } else if (
      event.type === 'catalog.changed' ||
      event.type === 'drop.changed' ||
      event.type === 'drop.drawn'
    ) {
      // A drop shows on its shoe's page and the home page; its changes are rare (staff, a draw's end).
      cache.clear();
      sync?.announce();
    }
  };
}
