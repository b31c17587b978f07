import { describe, expect, it } from 'vitest';
import { addRefusal, lineStockStatus, pairs } from './line-stock';

describe('addRefusal', () => {
  it('lets a pair in while the stock lasts', () => {
    expect(addRefusal('9', 3, 0)).toBeNull();
    expect(addRefusal('9', 3, 2)).toBeNull();
  });

  it('refuses beyond the stock of the size, saying how many are left', () => {
    expect(addRefusal('9', 3, 3)).toBe('Only 3 pairs left in size 9, and all of them are in your cart');
    expect(addRefusal('9.5', 1, 1)).toBe('Only 1 pair left in size 9.5, and all of them are in your cart');
    expect(addRefusal('10', 0, 0)).toBe('Size 10 is sold out');
  });
});

describe('lineStockStatus', () => {
  it('applies no limit while the stock is unknown', () => {
    expect(lineStockStatus(5, { kind: 'unknown' })).toEqual({
      canIncrease: true,
      blocked: false,
      note: null,
    });
  });

  it('stops Increase at the stock and says so', () => {
    expect(lineStockStatus(1, { kind: 'known', available: 2 })).toEqual({
      canIncrease: true,
      blocked: false,
      note: null,
    });
    expect(lineStockStatus(2, { kind: 'known', available: 2 })).toEqual({
      canIncrease: false,
      blocked: false,
      note: 'Only 2 left',
    });
  });

  it('flags lines that cannot be bought as they are', () => {
    expect(lineStockStatus(3, { kind: 'known', available: 2 })).toMatchObject({ blocked: true });
    expect(lineStockStatus(1, { kind: 'known', available: 0 })).toMatchObject({
      blocked: true,
      note: 'Sold out in this size',
    });
    expect(lineStockStatus(1, { kind: 'gone' })).toMatchObject({ blocked: true, canIncrease: false });
  });
});

describe('pairs', () => {
  it('counts pairs', () => {
    expect(pairs(1)).toBe('1 pair');
    expect(pairs(4)).toBe('4 pairs');
  });
});
