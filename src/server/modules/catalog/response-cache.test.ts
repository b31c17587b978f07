import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCatalogCache } from './response-cache.js';

function fakeReply() {
  const sent: string[] = [];
  const reply = {
    header: () => reply,
    type: () => reply,
    status: () => reply,
    getHeader: () => undefined,
    send: (json: string) => {
      sent.push(json);
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
    expect(await cache.rememberCount('all', count)).toBe(100_001);
    expect(await cache.rememberCount('all', count)).toBe(100_001);
    expect(await cache.rememberCount('on sale', count)).toBe(100_002);
    cache.clear();
    expect(await cache.rememberCount('all', count)).toBe(100_003);
  });
});
