import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route can change shoes, stock or brands: the catalogue cache is dropped when it answers. */
    changesCatalog?: boolean;
  }
}

interface CachedAnswer {
  json: string;
  total?: number;
}

/**
 * Catalogue answers kept as ready-to-send JSON. Any route marked
 * `changesCatalog` (admin edits, checkouts) empties the cache of this
 * instance; cache-sync.ts tells the other instances on PostgreSQL, and the
 * short TTL bounds how stale another instance's copy can be when it cannot.
 */
export function createCatalogCache(options: { ttlMs: number; maxBytes: number }) {
  const cache = new LRUCache<string, CachedAnswer>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    sizeCalculation: (answer) => answer.json.length + 64,
  });
  // A read that started before a write must not store what it read after the write cleared the cache.
  let generation = 0;

  return {
    /** Sends the cached answer for this URL, or computes, stores and sends it. */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      compute: () => Promise<{ body: unknown; total?: number }>,
    ): Promise<FastifyReply> {
      const key = request.url;
      let answer = cache.get(key);
      if (!answer) {
        const started = generation;
        const { body, total } = await compute();
        answer = { json: JSON.stringify(body), total };
        if (started === generation) cache.set(key, answer);
      }
      if (answer.total !== undefined) reply.header('x-total-count', answer.total);
      return reply.type('application/json; charset=utf-8').send(answer.json);
    },

    clear(): void {
      generation += 1;
      cache.clear();
    },

    /** onSend hook: a route marked `changesCatalog` clears the cache before its answer leaves. */
    clearAfterWrites(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (e: null, p: unknown) => void,
    ) {
      if (request.routeOptions.config?.changesCatalog) {
        generation += 1;
        cache.clear();
      }
      done(null, payload);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
