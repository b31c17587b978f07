import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendStoredAnswer, type StoredAnswer } from '../../http/stored-answer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route can change shoes, stock, brands or reviews: the catalogue cache (answers and the
     * pages rendered from them) is dropped when it answers.
     */
    changesCatalog?: boolean;
  }
}

interface CachedAnswer extends StoredAnswer {
  /** The answer's body as sent: JSON, or a page's HTML. */
  text: string;
  /** `X-Total-Count` of a list. */
  total?: number;
  /** A page's status (404 for an unknown shoe). */
  status?: number;
  /** False for an answer to send this once but not keep (a page whose render failed). */
  keep?: boolean;
}

export interface CachedPage {
  status: number;
  html: string;
}

/** A page as kept: its HTML with its ETag and compressed copies, and its status. */
export type StoredPage = StoredAnswer & { status: number };

/**
 * Catalogue answers kept as ready-to-send JSON, and the pages the server rendered from them (in a
 * store of their own, so many pages never push the API's answers out). Any route marked
 * `changesCatalog` (admin edits, checkouts, reviews) empties both on this instance; cache-sync.ts
 * tells the other instances on PostgreSQL, and the short TTL bounds how stale another instance's
 * copy can be when it cannot.
 */
export function createCatalogCache(options: { ttlMs: number; maxBytes: number; pageMaxBytes?: number }) {
  const store = (maxBytes: number) =>
    new LRUCache<string, CachedAnswer>({
      ttl: options.ttlMs,
      maxSize: maxBytes,
      // The brotli and gzip copies made later add about half the text at most: counted here.
      sizeCalculation: (answer) => Math.ceil(answer.text.length * 1.5) + 64,
    });
  const answers = store(options.maxBytes);
  const pages = store(options.pageMaxBytes ?? options.maxBytes);
  // A read that started before a write must not store what it read after the write cleared the cache.
  let generation = 0;
  // Requests that miss together share one computation: when an entry expires under load, fifty
  // requests would otherwise run fifty identical queries at once.
  const computing = new Map<string, Promise<CachedAnswer>>();

  function cached(
    cache: LRUCache<string, CachedAnswer>,
    key: string,
    compute: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = computing.get(key);
    if (pending) return pending;
    const started = generation;
    const promise = compute()
      .then((answer) => {
        if (started === generation && answer.keep !== false) cache.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (computing.get(key) === promise) computing.delete(key);
      });
    computing.set(key, promise);
    return promise;
  }

  function clear(): void {
    generation += 1;
    answers.clear();
    pages.clear();
    computing.clear();
  }

  return {
    /** Sends the cached answer for this URL, or computes, stores and sends it. */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      compute: () => Promise<{ body: unknown; total?: number }>,
    ): Promise<FastifyReply> {
      const answer = await cached(answers, request.url, async () => {
        const { body, total } = await compute();
        return { text: JSON.stringify(body), total };
      });
      if (answer.total !== undefined) reply.header('x-total-count', answer.total);
      return sendStoredAnswer(request, reply.type('application/json; charset=utf-8'), answer);
    },

    /**
     * The answer the API route at `url` sends, as a value, from the same entry: a shoe page's head
     * reads the shoe its render fetches from `/api/shoes/{id}`, and one query serves both.
     */
    async value<T>(url: string, compute: () => Promise<T>): Promise<T> {
      const answer = await cached(answers, url, async () => ({ text: JSON.stringify(await compute()) }));
      return JSON.parse(answer.text) as T;
    },

    /**
     * A count shared by every page and order of one list (`key` names its filters), kept and
     * dropped with the answers: paging through a large catalogue counts it once, not per page.
     */
    async rememberCount(key: string, compute: () => Promise<number>): Promise<number> {
      const answer = await cached(answers, `count:${key}`, async () => ({ text: String(await compute()) }));
      return Number(answer.text);
    },

    /**
     * A page's HTML as the server rendered it from catalogue answers (web-app.ts), kept and dropped
     * with them. It holds nothing about the visitor, so one copy serves everyone. A page computed
     * with `keep: false` is shared with the requests waiting for it, then computed again.
     */
    async rememberPage(
      url: string,
      compute: () => Promise<CachedPage & { keep: boolean }>,
    ): Promise<StoredPage> {
      const answer = await cached(pages, `page:${url}`, async () => {
        const { status, html, keep } = await compute();
        return { text: html, status, keep };
      });
      answer.status ??= 200;
      return answer as StoredPage;
    },

    clear,

    /** onSend hook: a route marked `changesCatalog` clears the cache before its answer leaves. */
    clearAfterWrites(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (e: null, p: unknown) => void,
    ) {
      if (request.routeOptions.config?.changesCatalog) clear();
      done(null, payload);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
