import type { EventConsumer } from '../events/domain-events.js';
import type { CatalogCacheSync } from './cache-sync.js';
import type { CatalogCache } from './response-cache.js';

/**
 * The catalogue cache as a consumer of the outbox (docs/decisions/017): a change of stock drops the
 * answers it made stale, a catalogue edit drops them all, here and, on PostgreSQL, on the other
 * instances (cache-sync.ts). Dropping twice drops nothing more: an event handed over again is harmless.
 */
export function catalogCacheConsumer(cache: CatalogCache, sync: CatalogCacheSync | undefined): EventConsumer {
  return (event) => {
    if (event.type === 'stock.changed') {
      cache.invalidate(event.payload);
      sync?.announce(event.payload);
    } else if (event.type === 'catalog.changed') {
      cache.clear();
      sync?.announce();
    }
  };
}
