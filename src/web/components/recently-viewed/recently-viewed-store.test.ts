import { describe, expect, it } from 'vitest';
import { parseRecentlyViewed, RECENTLY_VIEWED_KEPT, withViewed } from './recently-viewed-store';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('recently viewed ids', () => {
  it('puts the shoe just opened first, once', () => {
    expect(withViewed([id(1), id(2), id(3)], id(3))).toEqual([id(3), id(1), id(2)]);
    expect(withViewed([], id(1))).toEqual([id(1)]);
  });

  it(`keeps at most ${RECENTLY_VIEWED_KEPT}, dropping the oldest`, () => {
    let ids: string[] = [];
    for (let n = 1; n <= RECENTLY_VIEWED_KEPT + 3; n++) ids = withViewed(ids, id(n));
    expect(ids).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(ids[0]).toBe(id(RECENTLY_VIEWED_KEPT + 3));
    expect(ids).not.toContain(id(3));
  });

  it('reads only ids from what is stored, whatever is there', () => {
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed('not json')).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
    expect(parseRecentlyViewed(JSON.stringify([id(1), 'x', 3, id(1), id(2)]))).toEqual([id(1), id(2)]);
  });
});
