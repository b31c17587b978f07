import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawResult, nextToCharge, sortByRank, type ChargeOutcome, type DrawEntry } from './drop-draw';

const SIZES = ['8', '9', '10'];

/** A draw: entries in order, the pairs of each size, and which entries' cards fail. */
const draws = fc
  .record({
    sizes: fc.array(fc.constantFrom(...SIZES), { maxLength: 60 }),
    pairs: fc.record({ '8': fc.nat(6), '9': fc.nat(6), '10': fc.nat(6) }),
    failing: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
  })
  .map(({ sizes, pairs, failing }) => ({
    ordered: sizes.map((size, i): DrawEntry => ({ id: `e${i}`, size })),
    pairs: pairs as Record<string, number>,
    fails: (entry: DrawEntry) => failing[Number(entry.id.slice(1))]!,
  }));

/** The draw walked round by round as the server walks it: each round's entries charged at once. */
function walk(ordered: DrawEntry[], pairs: Record<string, number>, fails: (entry: DrawEntry) => boolean) {
  const outcomes = new Map<string, ChargeOutcome>();
  const charged: string[] = [];
  for (;;) {
    const round = nextToCharge(ordered, pairs, outcomes);
    if (round.length === 0) break;
    for (const entry of round) {
      charged.push(entry.id);
      outcomes.set(entry.id, fails(entry) ? 'failed' : 'paid');
    }
  }
  return { outcomes, charged };
}

describe('a drop’s draw', () => {
  it('gives each size’s pairs to the first entries of that size whose charge goes through', () => {
    fc.assert(
      fc.property(draws, ({ ordered, pairs, fails }) => {
        const { outcomes, charged } = walk(ordered, pairs, fails);
        // Nobody is charged twice.
        expect(new Set(charged).size).toBe(charged.length);
        const result = drawResult(ordered, pairs, outcomes);
        // The same winners as the plain reading of the rule, size by size.
        for (const size of SIZES) {
          const expected = ordered
            .filter((entry) => entry.size === size && !fails(entry))
            .slice(0, pairs[size])
            .map((entry) => entry.id);
          const won = result.won.filter((id) => ordered.find((entry) => entry.id === id)!.size === size);
          expect(won).toEqual(expected);
        }
        // Every entry ends one way, and only the charged ones won or failed.
        expect([...result.won, ...result.failed, ...result.notDrawn].sort()).toEqual(
          ordered.map((entry) => entry.id).sort(),
        );
        expect([...result.won, ...result.failed].sort()).toEqual([...charged].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('charges no entry below one whose outcome could still free its pair', () => {
    const ordered = [
      { id: 'a', size: '9' },
      { id: 'b', size: '9' },
      { id: 'c', size: '9' },
    ];
    expect(nextToCharge(ordered, { '9': 2 }, new Map()).map((entry) => entry.id)).toEqual(['a', 'b']);
    // 'a' failed: its pair goes to 'c', while 'b' is still being charged.
    expect(nextToCharge(ordered, { '9': 2 }, new Map([['a', 'failed']])).map((e) => e.id)).toEqual([
      'b',
      'c',
    ]);
    expect(nextToCharge(ordered, { '9': 2 }, new Map([['a', 'paid']])).map((e) => e.id)).toEqual(['b']);
  });

  it('refuses a result where an entry the walk never reaches was charged, or one it reaches was not', () => {
    const ordered = [
      { id: 'a', size: '9' },
      { id: 'b', size: '9' },
    ];
    expect(() =>
      drawResult(
        ordered,
        { '9': 1 },
        new Map<string, ChargeOutcome>([
          ['a', 'paid'],
          ['b', 'paid'],
        ]),
      ),
    ).toThrow(/no pair was left/);
    expect(() => drawResult(ordered, { '9': 1 }, new Map())).toThrow(/was not charged/);
  });

  it('orders entries by rank, then by id', () => {
    expect(
      sortByRank([
        { id: 'b', rank: '02' },
        { id: 'a', rank: '02' },
        { id: 'c', rank: '01' },
      ]).map((entry) => entry.id),
    ).toEqual(['c', 'a', 'b']);
  });
});
