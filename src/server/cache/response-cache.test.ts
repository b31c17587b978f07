import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, listTags, type StockChange } from './cache-tags.js';
import { createCatalogCache } from './response-cache.js';

function fakeReply() {
  const sent: string[] = [];
  const reply = {
    header: () => reply,
    type: () => reply,
    status: () => reply,
    getHeader: () => undefined,
    // Answers go out as their UTF-8 bytes (stored-answer.ts): read back as text.
    send: (body: string | Buffer) => {
      sent.push(String(body));
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

const request = (url: string) => ({ url, headers: {} }) as FastifyRequest;

describe('catalogue cache', () => {
  it('runs one computation for requests that miss together', async () => {
    const cache = createCatalogCache({ ttlMs: 5_000, maxBytes: 1_000_000 });
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { body: { n: computed } };
    };
    const replies = Array.from({ length: 20 }, fakeReply);
    await Promise.all(replies.map(({ reply }) => cache.send(request('/api/shoes'), reply, compute)));
    expect(computed).toBe(1);
    expect(new Set(replies.flatMap(({ sent }) => sent))).toEqual(new Set(['{"n":1}']));
  });

  it('does not hand a computation started before a write to requests after it', async () => {
    const cache = createCatalogCache({ ttlMs: 5_000, maxBytes: 1_000_000 });
    let version = 1;
    const compute = async () => {
      const seen = version;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { body: { version: seen } };
    };
    const before = fakeReply();
    const first = cache.send(request('/api/shoes'), before.reply, compute);
    version = 2;
    cache.clear();
    const after = fakeReply();
    await Promise.all([first, cache.send(request('/api/shoes'), after.reply, compute)]);
    expect(after.sent).toEqual(['{"version":2}']);
    // What the first computation read is not kept either.
    const later = fakeReply();
    await cache.send(request('/api/shoes'), later.reply, compute);
    expect(later.sent).toEqual(['{"version":2}']);
  });

  it('keeps a count for every page of a list until the catalogue changes', async () => {
    const cache = createCatalogCache({ ttlMs: 5_000, maxBytes: 1_000_000 });
    let counted = 0;
    const count = async () => {
      counted += 1;
      return 100_000 + counted;
    };
    expect(await cache.rememberCount('all', count, [])).toBe(100_001);
    expect(await cache.rememberCount('all', count, [])).toBe(100_001);
    expect(await cache.rememberCount('on sale', count, [])).toBe(100_002);
    cache.clear();
    expect(await cache.rememberCount('all', count, [])).toBe(100_003);
  });
});

describe('answering from the cache before validation', () => {
  it('sends a kept answer and stops there, and lets a request it does not have go on', async () => {
    const cache = createCatalogCache({ ttlMs: 5_000, maxBytes: 1_000_000 });
    let goneOn = 0;
    const missed = fakeReply();
    cache.sendIfKept(request('/api/shoes?limit=3'), missed.reply, () => (goneOn += 1));
    expect([goneOn, missed.sent]).toEqual([1, []]);
    await cache.send(request('/api/shoes?limit=3'), fakeReply().reply, async () => ({ body: [1, 2, 3] }));
    const kept = fakeReply();
    cache.sendIfKept(request('/api/shoes?limit=3'), kept.reply, () => (goneOn += 1));
    expect([goneOn, kept.sent]).toEqual([1, ['[1,2,3]']]);
    // Another spelling of the query is another URL: it goes on to be validated.
    cache.sendIfKept(request('/api/shoes?limit=03'), fakeReply().reply, () => (goneOn += 1));
    expect(goneOn).toBe(2);
  });
});

describe('a change of stock drops only what it changed', () => {
  const SHOE_A = 'a';
  const SHOE_B = 'b';
  const order = (shoeIds: string[], more: Partial<StockChange> = {}): StockChange => ({
    shoeIds,
    sizesInStockChanged: false,
    unitsSoldChanged: true,
    ...more,
  });

  /** A cache whose answers count their computations, by URL. */
  function countingCache() {
    const cache = createCatalogCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const computed = new Map<string, number>();
    const get = async (url: string, tags?: string[]) => {
      const { reply, sent } = fakeReply();
      await cache.send(request(url), reply, async () => {
        computed.set(url, (computed.get(url) ?? 0) + 1);
        return { body: { url, n: computed.get(url) }, tags };
      });
      return JSON.parse(sent[0]!) as { n: number };
    };
    return { cache, computed, get };
  }

  it('drops the ordered shoes, the lists showing them and the best-selling order, and keeps the rest', async () => {
    const { cache, get } = countingCache();
    const urls = {
      shoeA: ['/api/shoes/a', [CACHE_TAGS.shoe(SHOE_A)]],
      shoeB: ['/api/shoes/b', [CACHE_TAGS.shoe(SHOE_B)]],
      listWithA: ['/api/shoes?limit=2', listTags({}, [{ _id: SHOE_A }, { _id: 'c' }])],
      listWithoutA: ['/api/shoes?offset=2&limit=2', listTags({}, [{ _id: SHOE_B }, { _id: 'c' }])],
      bestSelling: ['/api/shoes?sort=best_selling', listTags({ sort: 'best_selling' }, [{ _id: SHOE_B }])],
      sizeFiltered: ['/api/shoes?size=10', listTags({ size: ['10'] }, [{ _id: SHOE_B }])],
      facets: ['/api/shoes/facets', [CACHE_TAGS.sizesInStock]],
      brands: ['/api/brands', []],
      undeclared: ['/api/shoes/colors', undefined],
    } as const;
    for (const [url, tags] of Object.values(urls)) expect((await get(url, tags && [...tags])).n).toBe(1);

    cache.invalidate(order([SHOE_A]));

    const after = async (key: keyof typeof urls) =>
      (await get(urls[key][0], urls[key][1] && [...urls[key][1]])).n;
    expect(await after('shoeA')).toBe(2);
    expect(await after('listWithA')).toBe(2);
    expect(await after('bestSelling')).toBe(2);
    expect(await after('undeclared')).toBe(2);
    expect(await after('shoeB')).toBe(1);
    expect(await after('listWithoutA')).toBe(1);
    expect(await after('sizeFiltered')).toBe(1);
    expect(await after('facets')).toBe(1);
    expect(await after('brands')).toBe(1);

    // A size sold out: whatever counts or filters by sizes in stock goes too.
    cache.invalidate(order([SHOE_A], { sizesInStockChanged: true, unitsSoldChanged: false }));
    expect(await after('sizeFiltered')).toBe(2);
    expect(await after('facets')).toBe(2);
    expect(await after('bestSelling')).toBe(2);
    expect(await after('shoeB')).toBe(1);
    expect(await after('brands')).toBe(1);
  });

  it('does not keep what a computation read before a change of what it depends on', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let quantity = 5;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      const seen = quantity;
      await gate;
      return { body: { quantity: seen }, tags: [CACHE_TAGS.shoe(SHOE_A)] };
    };
    const before = fakeReply();
    const first = cache.send(request('/api/shoes/a'), before.reply, compute);
    quantity = 4;
    cache.invalidate(order([SHOE_A]));
    // Asked after the change: not handed the computation that read before it.
    const after = fakeReply();
    const second = cache.send(request('/api/shoes/a'), after.reply, compute);
    release();
    await Promise.all([first, second]);
    expect(before.sent).toEqual(['{"quantity":5}']);
    expect(after.sent).toEqual(['{"quantity":4}']);
    const later = fakeReply();
    await cache.send(request('/api/shoes/a'), later.reply, compute);
    expect(later.sent).toEqual(['{"quantity":4}']);
  });

  it('keeps what a computation read when the change was about something else', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      computed += 1;
      await gate;
      return { body: { computed }, tags: [CACHE_TAGS.shoe(SHOE_B)] };
    };
    const first = cache.send(request('/api/shoes/b'), fakeReply().reply, compute);
    cache.invalidate(order([SHOE_A]));
    release();
    await first;
    await cache.send(request('/api/shoes/b'), fakeReply().reply, compute);
    expect(computed).toBe(1);
  });

  it('gives a page the tags of the answers its render read, through requests made inside it', async () => {
    const { cache, get } = countingCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      // As the renderer does: API requests made while the page is computed, one of them on a timer.
      await get('/api/shoes/a', [CACHE_TAGS.shoe(SHOE_A)]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await get('/api/brands', []);
      return { status: 200, html: `<p>${renders}</p>`, keep: true };
    };
    const page = async () => (await cache.rememberPage('/shoes/a', render)).text;
    expect(await page()).toBe('<p>1</p>');
    cache.invalidate(order([SHOE_B]));
    expect(await page()).toBe('<p>1</p>');
    cache.invalidate(order([SHOE_A]));
    expect(await page()).toBe('<p>2</p>');
    // Read from the cache this time, the shoe's answer still gives the page its tag.
    cache.invalidate(order([SHOE_A]));
    expect(await page()).toBe('<p>3</p>');
  });

  it('gives a page the tags of the kept answers its render read directly', async () => {
    const { cache, get } = countingCache();
    await get('/api/shoes/a', [CACHE_TAGS.shoe(SHOE_A)]);
    expect(cache.kept('/api/shoes/b')).toBeUndefined();
    let renders = 0;
    const render = async () => {
      renders += 1;
      // As the renderer does with an answer the cache keeps (page-renderer.ts): no request.
      const shoe = JSON.parse(cache.kept('/api/shoes/a')!.text) as { url: string };
      return { status: 200, html: `<p>${shoe.url} ${renders}</p>`, keep: true };
    };
    const page = async () => (await cache.rememberPage('/shoes/a', render)).text;
    expect(await page()).toBe('<p>/api/shoes/a 1</p>');
    cache.invalidate(order([SHOE_B]));
    expect(await page()).toBe('<p>/api/shoes/a 1</p>');
    // The shoe's answer is dropped with the page: the next render reads it through a request again.
    cache.invalidate(order([SHOE_A]));
    expect(cache.kept('/api/shoes/a')).toBeUndefined();
    await get('/api/shoes/a', [CACHE_TAGS.shoe(SHOE_A)]);
    expect(await page()).toBe('<p>/api/shoes/a 2</p>');
  });

  it('keeps its tag index in step with entries replaced, evicted and cleared', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxBytes: 2_000 });
    let n = 0;
    const put = (url: string, id: string) =>
      cache.send(request(url), fakeReply().reply, async () => ({
        body: { n: ++n, pad: 'x'.repeat(200) },
        tags: [CACHE_TAGS.shoe(id)],
      }));
    await put('/api/shoes/1', '1');
    // Many more entries than fit: the first is evicted, its tag no longer finds it.
    for (let i = 2; i < 40; i += 1) await put(`/api/shoes/${i}`, String(i));
    await put('/api/shoes/1', '1');
    const kept = n;
    await put('/api/shoes/1', '1');
    expect(n).toBe(kept);
    cache.invalidate(order(['1']));
    await put('/api/shoes/1', '1');
    expect(n).toBe(kept + 1);
  });
});
