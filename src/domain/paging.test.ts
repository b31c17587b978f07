import { describe, expect, it } from 'vitest';
import {
  clampOffset,
  hasNext,
  hasPrevious,
  nextOffset,
  pageCount,
  pageNumber,
  pageOf,
  previousOffset,
} from './paging.js';
import { PAGE_SIZE } from './constants.js';

describe('paging', () => {
  it('hides Previous on the first page and Next on the last', () => {
    expect(hasPrevious({ offset: 0, pageSize: 8, total: 20 })).toBe(false);
    expect(hasNext({ offset: 0, pageSize: 8, total: 20 })).toBe(true);
    expect(hasPrevious({ offset: 16, pageSize: 8, total: 20 })).toBe(true);
    expect(hasNext({ offset: 16, pageSize: 8, total: 20 })).toBe(false);
    expect(hasNext({ offset: 0, pageSize: 8, total: 8 })).toBe(false);
  });

  it('moves by one page and never past either end', () => {
    expect(nextOffset({ offset: 0, pageSize: 28, total: 60 })).toBe(28);
    expect(nextOffset({ offset: 56, pageSize: 28, total: 60 })).toBe(56);
    expect(previousOffset({ offset: 28, pageSize: 28 })).toBe(0);
    expect(previousOffset({ offset: 3, pageSize: 8 })).toBe(0);
  });

  it('numbers pages from one', () => {
    expect(pageNumber({ offset: 0, pageSize: 6 })).toBe(1);
    expect(pageNumber({ offset: 12, pageSize: 6 })).toBe(3);
    expect(pageCount({ pageSize: 6, total: 13 })).toBe(3);
    expect(pageCount({ pageSize: 6, total: 0 })).toBe(1);
  });

  it('slices a loaded list', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(pageOf(items, 16, 8)).toEqual([16, 17, 18, 19]);
  });

  it('keeps the page sizes of the spec', () => {
    expect(PAGE_SIZE).toMatchObject({ collection: 6, brandCatalogue: 28, sale: 8, favorites: 8 });
    expect(PAGE_SIZE).toMatchObject({ adminUsers: 4, adminOrders: 4, adminShoes: 5, adminBrands: 4 });
  });
});

describe('clampOffset', () => {
  it('moves a page past the end to the last page, and leaves others alone', () => {
    expect(clampOffset({ offset: 99 * 8, pageSize: 8, total: 22 })).toBe(16);
    expect(clampOffset({ offset: 28, pageSize: 28, total: 9 })).toBe(0);
    expect(clampOffset({ offset: 8, pageSize: 8, total: 22 })).toBe(8);
    expect(clampOffset({ offset: 16, pageSize: 8, total: 0 })).toBe(16);
  });
});
