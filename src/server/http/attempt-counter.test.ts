import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAttemptCounter } from './attempt-counter.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-memory attempt counter', () => {
  it('counts per key in a fixed window that the first attempt opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const counter = createMemoryAttemptCounter();
    expect([await counter.hit('a', 60_000), await counter.hit('a', 60_000)]).toEqual([1, 2]);
    expect(await counter.hit('b', 60_000)).toBe(1);
    // Later attempts do not stretch the window: it ends a minute after the first one.
    vi.setSystemTime(59_999);
    expect(await counter.hit('a', 60_000)).toBe(3);
    vi.setSystemTime(60_000);
    expect(await counter.hit('a', 60_000)).toBe(1);
  });
});
