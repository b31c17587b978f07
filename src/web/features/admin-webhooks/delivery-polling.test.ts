import { describe, expect, it } from 'vitest';
import { nextPollMs, POLL_MAX_MS, POLL_MS } from './delivery-polling';

const NOW = Date.parse('2026-11-27T02:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('nextPollMs', () => {
  it('stops once every delivery has settled, or when there is none', () => {
    expect(nextPollMs([], NOW)).toBe(false);
    expect(
      nextPollMs(
        [
          { state: 'delivered', nextAttemptAt: null },
          { state: 'failed', nextAttemptAt: null },
        ],
        NOW,
      ),
    ).toBe(false);
  });

  it('polls every few seconds while one is being sent or is due now', () => {
    expect(nextPollMs([{ state: 'delivering', nextAttemptAt: at(3_600_000) }], NOW)).toBe(POLL_MS);
    expect(nextPollMs([{ state: 'pending', nextAttemptAt: at(-5_000) }], NOW)).toBe(POLL_MS);
    expect(nextPollMs([{ state: 'pending', nextAttemptAt: null }], NOW)).toBe(POLL_MS);
  });

  it('waits for the soonest retry when it is later, at most a minute', () => {
    expect(
      nextPollMs(
        [
          { state: 'pending', nextAttemptAt: at(30_000) },
          { state: 'pending', nextAttemptAt: at(10_000) },
          { state: 'delivered', nextAttemptAt: null },
        ],
        NOW,
      ),
    ).toBe(10_000);
    expect(nextPollMs([{ state: 'pending', nextAttemptAt: at(7_200_000) }], NOW)).toBe(POLL_MAX_MS);
  });
});
