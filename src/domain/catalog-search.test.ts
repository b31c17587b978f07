import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, searchWords } from './catalog-search.js';

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
