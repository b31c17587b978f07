import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendStoredAnswer, type StoredAnswer } from './stored-answer.js';
import { CACHE_TAGS, tagsChangedBy, type StockChange } from './cache-tags.js';

interface CachedAnswer extends StoredAnswer {
  /** The answer's body as sent: JSON, or a page's HTML. */
  text: string;
  /** `X-Total-Count` of a list. */
  total?: number;
  /** `X-Total-Is-Lower-Bound`: a search past its cap (decision 033) counts no further. */
  totalIsLowerBound?: boolean;
  /** A page's status (404 for an unknown shoe). */
  status?: number;
  /** False for an answer to send this once but not keep (a page whose render failed). */
  keep?: boolean;
  /** What the answer depends on (cache-tags.ts); none declared means any change of stock. */
  tags: readonly string[];
}

/**
 * How many changed tags are remembered for the race check below. Past that they are forgotten, and
 * every computation still running counts as started before a full clear: its result is sent, not kept.
 */
const MAX_REMEMBERED_TAGS = 10_000;

/**
 * An LRU store of answers that also finds them by tag: `drop(tags)` deletes every entry holding
 * one of them. The index follows the store (entries evicted, expired or replaced leave it).
 */
function taggedStore(options: { ttlMs: number; maxBytes: number }) {
  const byTag = new Map<string, Set<string>>();
  const unindex = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const lru = new LRUCache<string, CachedAnswer>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    // The UTF-8 bytes (the text's size again) and the brotli and gzip copies made later (about half
    // the text at most) are counted here.
    sizeCalculation: (answer) => Math.ceil(answer.text.length * 2.5) + 64,
    dispose: (answer, key) => unindex(key, answer.tags),
  });
  return {
    get: (key: string) => lru.get(key),
    set(key: string, answer: CachedAnswer) {
      // Replacing an entry disposes of the old one (and its index) first.
      lru.set(key, answer);
      if (!lru.has(key)) return;
      for (const tag of answer.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    drop(tags: readonly string[]) {
      for (const tag of tags) {
        for (const key of byTag.get(tag) ?? []) lru.delete(key);
      }
    },
    clear() {
      lru.clear();
      byTag.clear();
    },
  };
}

/** A lookup of the answers' or the pages' store, and how it went. */
export type CacheLookupObserver = (store: 'answers' | 'pages', result: 'hit' | 'miss' | 'shared') => void;

export interface CachedPage {
  status: number;
  html: string;
}

/** A kept catalogue answer as a page's render reads it: its JSON and list headers. */
export interface KeptAnswer {
  text: string;
  total: number | undefined;
  totalIsLowerBound: boolean;
}

/** A page as kept: its HTML with its ETag and compressed copies, and its status. */
export type StoredPage = StoredAnswer & { status: number };

/**
 * Catalogue answers kept as ready-to-send JSON, and the pages the server rendered from them (in a
 * store of their own, so many pages never push the API's answers out).
 * - A catalog.changed event (admin edits, reviews) empties both on this instance (cache-events.ts).
 * - A stock.changed event (an order, a refund) drops only the answers tagged with what it changed
 *   (cache-tags.ts): the ordered shoes' details and the lists showing them, the best-selling
 *   lists, and the size filters, counts and facets only when a size sold out or came back. A page
 *   holds the tags of every answer its render read.
 * - cache-sync.ts tells the other instances on PostgreSQL, and the short TTL bounds how stale
 *   another instance's copy can be when it cannot.
 */
export function createCatalogCache(options: {
  ttlMs: number;
  maxBytes: number;
  pageMaxBytes?: number;
  /** Told of each lookup where it is decided (the metrics' hit ratio): shared joins a computation. */
  onLookup?: CacheLookupObserver;
}) {
  const observe = options.onLookup ?? (() => undefined);
  const answers = taggedStore({ ttlMs: options.ttlMs, maxBytes: options.maxBytes });
  const pages = taggedStore({ ttlMs: options.ttlMs, maxBytes: options.pageMaxBytes ?? options.maxBytes });
  // A read that started before a write must not store what it read after the write dropped it:
  // each write is a generation, and a result is kept only if nothing it depends on changed since
  // its computation started.
  let generation = 0;
  let clearedAt = 0;
  const changedAt = new Map<string, number>();
  // Requests that miss together share one computation: when an entry expires under load, fifty
  // requests would otherwise run fifty identical queries at once.
  const computing = new Map<string, Promise<CachedAnswer>>();
  // The tags of the answers read while a page renders (its injected API requests run inside it).
  const reading = new AsyncLocalStorage<Set<string>>();

  const unchangedSince = (started: number, tags: readonly string[]) =>
    clearedAt <= started && tags.every((tag) => (changedAt.get(tag) ?? 0) <= started);

  function cached(
    store: ReturnType<typeof taggedStore>,
    key: string,
    compute: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const name = store === pages ? 'pages' : 'answers';
    const hit = store.get(key);
    if (hit) {
      observe(name, 'hit');
      return Promise.resolve(noteRead(hit));
    }
    const pending = computing.get(key);
    if (pending) {
      observe(name, 'shared');
      return pending.then(noteRead);
    }
    observe(name, 'miss');
    const started = generation;
    const promise = compute()
      .then((answer) => {
        if (answer.keep !== false && unchangedSince(started, answer.tags)) store.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (computing.get(key) === promise) computing.delete(key);
      });
    computing.set(key, promise);
    return promise.then(noteRead);
  }

  /** Notes what a page being rendered read (its tags become the page's). */
  function noteRead(answer: CachedAnswer): CachedAnswer {
    const tags = reading.getStore();
    if (tags) for (const tag of answer.tags) tags.add(tag);
    return answer;
  }

  function clear(): void {
    generation += 1;
    clearedAt = generation;
    changedAt.clear();
    answers.clear();
    pages.clear();
    computing.clear();
  }

  /** Drops what a change of stock changed, here (cache-sync.ts announces it to the other instances). */
  function invalidate(change: StockChange): void {
    generation += 1;
    if (changedAt.size > MAX_REMEMBERED_TAGS) {
      // Every computation still running is treated as started before a full clear: not kept.
      changedAt.clear();
      clearedAt = generation;
    }
    const tags = tagsChangedBy(change);
    for (const tag of tags) changedAt.set(tag, generation);
    answers.drop(tags);
    pages.drop(tags);
    // Requests from now on do not join a computation that may have read the stock before.
    computing.clear();
  }

  function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
    if (answer.total !== undefined) reply.header('x-total-count', answer.total);
    if (answer.totalIsLowerBound) reply.header('x-total-is-lower-bound', 'true');
    return sendStoredAnswer(request, reply.type('application/json; charset=utf-8'), answer);
  }

  return {
    /** Sends the cached answer for this URL, or computes, stores and sends it. */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      compute: () => Promise<{
        body: unknown;
        total?: number;
        totalIsLowerBound?: boolean;
        tags?: readonly string[];
      }>,
    ): Promise<FastifyReply> {
      const answer = await cached(answers, request.url, async () => {
        const { body, total, totalIsLowerBound, tags = [CACHE_TAGS.anyStock] } = await compute();
        return {
          text: JSON.stringify(body),
          total,
          ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
          tags,
        };
      });
      return sendAnswer(request, reply, answer);
    },

    /**
     * preValidation hook of the routes answering through `send`: an answer kept for this very URL
     * is sent at once, without parsing and validating its query again (it was valid when it was
     * computed, and an invalid one is never kept). After the onRequest hooks, so every limit and
     * header still applies.
     */
    sendIfKept(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      const answer = answers.get(request.url);
      // A miss is counted by send(), which the handler calls next.
      if (!answer) return done();
      observe('answers', 'hit');
      noteRead(answer);
      // Answered: the rest of the request's lifecycle (validation, the handler) does not run.
      sendAnswer(request, reply, answer);
    },

    /**
     * The answer kept for the API URL `url`, as `send` would send it, or undefined: a page being
     * rendered reads its catalogue answers here first (page-renderer.ts), without a request through
     * the app for each. Noted as a page's read, as a request would be.
     */
    kept(url: string): KeptAnswer | undefined {
      const answer = answers.get(url);
      if (!answer) return undefined;
      observe('answers', 'hit');
      noteRead(answer);
      return { text: answer.text, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound ?? false };
    },

    /**
     * The answer the API route at `url` sends, as a value, from the same entry: a shoe page's head
     * reads the shoe its render fetches from `/api/shoes/{id}`, and one query serves both.
     */
    async value<T>(url: string, compute: () => Promise<T>, tags: readonly string[]): Promise<T> {
      const answer = await cached(answers, url, async () => ({
        text: JSON.stringify(await compute()),
        tags,
      }));
      return JSON.parse(answer.text) as T;
    },

    /**
     * A count shared by every page and order of one list (`key` names its filters), kept and
     * dropped with the answers: paging through a large catalogue counts it once, not per page.
     */
    async rememberCount(
      key: string,
      compute: () => Promise<number>,
      tags: readonly string[],
    ): Promise<number> {
      const answer = await cached(answers, `count:${key}`, async () => ({
        text: String(await compute()),
        tags,
      }));
      return Number(answer.text);
    },

    /**
     * A page's HTML as the server rendered it from catalogue answers (web-app.ts), kept and dropped
     * with them. It holds nothing about the visitor, so one copy serves everyone. A page computed
     * with `keep: false` is shared with the requests waiting for it, then computed again. Its tags
     * are those of every answer its render read.
     */
    async rememberPage(
      url: string,
      compute: () => Promise<CachedPage & { keep: boolean }>,
    ): Promise<StoredPage> {
      const answer = await cached(pages, `page:${url}`, async () => {
        const tags = new Set<string>();
        const { status, html, keep } = await reading.run(tags, compute);
        return { text: html, status, keep, tags: [...tags] };
      });
      answer.status ??= 200;
      return answer as StoredPage;
    },

    clear,
    invalidate,
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
