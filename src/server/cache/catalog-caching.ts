import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { EventConsumer } from '../events/domain-events.js';
import { catalogCacheConsumer } from './cache-events.js';
import { createCatalogCacheSync, type CatalogCacheSync } from './cache-sync.js';
import { createCatalogCache, type CacheLookupObserver, type CatalogCache } from './response-cache.js';

export interface CatalogCaching {
  /** Catalogue answers and rendered pages (response-cache.ts). */
  cache: CatalogCache;
  /** On PostgreSQL, how the other instances hear of a change (cache-sync.ts); none on PGlite. */
  sync: CatalogCacheSync | undefined;
  /** The only way anything is dropped: the outbox's events (docs/decisions/018). */
  consumer: EventConsumer;
  /** The sync's hooks: it listens once the app is ready and stops when the app closes. */
  register(app: FastifyInstance): void;
}

/**
 * The catalogue cache as one piece (docs/decisions/018): the store, its sync with the other
 * instances, and the event consumer that feeds both. plugins/services.ts hands the consumer to the
 * dispatcher and the cache to the routes; app.ts registers the hooks.
 */
export function createCatalogCaching(options: {
  ttlMs: number;
  /** The PostgreSQL pool when other instances may share the database; none on PGlite. */
  pool: pg.Pool | undefined;
  log: FastifyBaseLogger;
  onLookup?: CacheLookupObserver;
}): CatalogCaching {
  const cache = createCatalogCache({
    // Writes drop what they change at once here and, on PostgreSQL, on the others (cache-sync.ts);
    // the TTL bounds how long another instance may show a stale copy while that announcement
    // cannot get through (checkout re-checks stock anyway).
    ttlMs: options.ttlMs,
    maxBytes: 32 * 1024 * 1024,
    // Rendered pages (~130 kB each before compression): a few hundred of the most visited.
    pageMaxBytes: 32 * 1024 * 1024,
    onLookup: options.onLookup,
  });
  const sync = options.pool
    ? createCatalogCacheSync({ pool: options.pool, cache, log: options.log })
    : undefined;
  return {
    cache,
    sync,
    consumer: catalogCacheConsumer(cache, sync),
    register(app) {
      if (!sync) return;
      app.addHook('onReady', sync.start);
      app.addHook('onClose', sync.close);
    },
  };
}
