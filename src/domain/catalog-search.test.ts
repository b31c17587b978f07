import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, SEARCH_MATCH_CAP, searchCandidates, searchWords } from './catalog-search.js';
import { MESSAGES } from './messages.js';

describe('searchWords', () => {
  it('lowercases and splits at anything but letters and digits', () => {
    expect(searchWords('  High-Top  BLACK, size 10 ')).toEqual(['high', 'top', 'black', 'size', '10']);
  });

  it('drops apostrophes, keeps accented letters, and each word once', () => {
    expect(searchWords("Men's Café café")).toEqual(['mens', 'café']);
  });

  it('leaves nothing of wildcard or SQL-looking text but its words', () => {
    expect(searchWords("'; DROP TABLE shoes; --")).toEqual(['drop', 'table', 'shoes']);
    expect(searchWords('%_\\')).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe('searchCandidates', () => {
  it('takes every shoe read, the strong matches first, once each', () => {
    const found = searchCandidates([['n1'], ['n2', 'a']], ['a', 'b', 'n1'], 10);
    expect(found).toEqual({ ids: ['n1', 'n2', 'a', 'b'], complete: true });
  });

  it('past the cap, keeps the first `cap` shoes, the strong ones first, and says it is not complete', () => {
    expect(searchCandidates([['n1']], ['a', 'b', 'c'], 2)).toEqual({ ids: ['n1', 'a'], complete: false });
    expect(searchCandidates([['a', 'b', 'c']], [], 2)).toEqual({ ids: ['a', 'b'], complete: false });
    expect(searchCandidates([], [], 2)).toEqual({ ids: [], complete: true });
  });

  it('holds every match when complete, and never more than the cap when not (random reads, cap 5)', () => {
    const id = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `s${i}`));
    const matches = fc.uniqueArray(id, { maxLength: 12 });
    fc.assert(
      fc.property(fc.array(matches, { maxLength: 3 }), matches, (strongMatches, otherMatches) => {
        const cap = 5;
        // What a read returns: its first cap + 1 matches.
        const read = (all: string[]) => all.slice(0, cap + 1);
        const result = searchCandidates(strongMatches.map(read), read(otherMatches), cap);
        const every = new Set([...strongMatches.flat(), ...otherMatches]);
        if (result.complete) expect(new Set(result.ids)).toEqual(every);
        else expect(result.ids).toHaveLength(cap);
        for (const found of result.ids) expect(every.has(found)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the count of a list', () => {
  it('reads "at least" past the cap: "1000+ shoes"', () => {
    expect(MESSAGES.facets.shoeCount(1, false)).toBe('1 shoe');
    expect(MESSAGES.facets.shoeCount(12)).toBe('12 shoes');
    expect(MESSAGES.facets.shoeCount(SEARCH_MATCH_CAP, true)).toBe(`${SEARCH_MATCH_CAP}+ shoes`);
    expect(MESSAGES.facets.showResults(SEARCH_MATCH_CAP, true)).toBe(`Show ${SEARCH_MATCH_CAP}+ shoes`);
  });
});
