import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { drawResult, type ChargeOutcome, type DrawEntry } from '../../../domain/drop-draw.js';
import { commitmentOf, drawOrder, newSeed, rankOf, runDraw } from './fairness.js';

/** Entries as a drop has them: a uuid each, a size each. */
function entries(count: number): DrawEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    size: ['8', '9', '10'][i % 3]!,
  }));
}

/** `printf %s "$text" | <command>`'s first hex word: what a shopper runs to check the draw. */
function shell(command: string, args: string[], text: string): string {
  const out = execFileSync(command, args, { input: text, encoding: 'utf8' });
  return out.match(/[0-9a-f]{64}/)![0];
}

describe('the draw’s fairness', () => {
  it('is recomputed from outside: sha256sum checks the commitment, openssl the order', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(shell('sha256sum', [], seed)).toBe(commitmentOf(seed));

    const drawn = entries(24);
    const outside = drawn
      .map((entry) => ({
        id: entry.id,
        rank: shell('openssl', ['dgst', '-sha256', '-hmac', seed], entry.id),
      }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .map((entry) => entry.id);
    expect(drawOrder(seed, drawn).map((entry) => entry.id)).toEqual(outside);
    expect(rankOf(seed, drawn[0]!.id)).toBe(
      shell('openssl', ['dgst', '-sha256', '-hmac', seed], drawn[0]!.id),
    );
  });

  it('another seed, another order; the same seed, the same order whatever order the entries came in', () => {
    const drawn = entries(50);
    const seed = newSeed();
    const order = drawOrder(seed, drawn).map((entry) => entry.id);
    expect(drawOrder(seed, [...drawn].reverse()).map((entry) => entry.id)).toEqual(order);
    expect(drawOrder(newSeed(), drawn).map((entry) => entry.id)).not.toEqual(order);
  });

  it('runs a draw of 10,000 entries: each card charged once at most, the result the one anyone recomputes', async () => {
    const drawn = entries(10_000);
    const pairs = { '8': 20, '9': 20, '10': 10 };
    // One card in four is declined, whatever its place.
    const declined = new Set(drawn.filter((_, i) => i % 4 === 1).map((entry) => entry.id));
    const charged = new Map<string, number>();
    let inFlight = 0;
    let mostInFlight = 0;
    const { order, outcomes, result } = await runDraw({
      seed: newSeed(),
      entries: drawn,
      pairs,
      concurrency: 8,
      charge: async (entry): Promise<ChargeOutcome> => {
        charged.set(entry.id, (charged.get(entry.id) ?? 0) + 1);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await Promise.resolve();
        inFlight -= 1;
        return declined.has(entry.id) ? 'failed' : 'paid';
      },
    });
    expect([...charged.values()].every((times) => times === 1)).toBe(true);
    expect(mostInFlight).toBeLessThanOrEqual(8);
    expect(result.won).toHaveLength(50);
    expect(result).toEqual(drawResult(order, pairs, outcomes));
    for (const [size, count] of Object.entries(pairs))
      expect(result.won.filter((id) => drawn.find((entry) => entry.id === id)!.size === size)).toHaveLength(
        count,
      );
    expect(result.won.some((id) => declined.has(id))).toBe(false);
    // Only the entries the walk reached were charged: the winners, the declined among them, no more.
    expect(charged.size).toBe(result.won.length + result.failed.length);
  });

  it('takes up a draw a restart interrupted without charging anyone twice', async () => {
    const drawn = entries(30);
    const seed = newSeed();
    const pairs = { '8': 3, '9': 3, '10': 3 };
    const first = await runDraw({ seed, entries: drawn, pairs, charge: async () => 'paid' });
    // What was recorded before the restart: the first four outcomes of the order.
    const decided = new Map([...first.outcomes].slice(0, 4));
    const again = new Set<string>();
    const resumed = await runDraw({
      seed,
      entries: drawn,
      pairs,
      decided,
      charge: async (entry) => {
        again.add(entry.id);
        return 'paid';
      },
    });
    expect([...again].some((id) => decided.has(id))).toBe(false);
    expect(resumed.result).toEqual(first.result);
  });

  it('fails only once every charge in flight has answered, so the next run finds them all recorded', async () => {
    const drawn = entries(9);
    const recorded: string[] = [];
    let calls = 0;
    const run = runDraw({
      seed: newSeed(),
      entries: drawn,
      pairs: { '8': 3, '9': 3, '10': 3 },
      charge: async (entry) => {
        // The first charge fails at once; the others answer later and record what they did.
        if (calls++ === 0) throw new Error('the provider is not answering');
        await new Promise((resolve) => setImmediate(resolve));
        recorded.push(entry.id);
        return 'paid';
      },
    });
    await expect(run).rejects.toThrow('not answering');
    expect(recorded).toHaveLength(8);
  });
});
