import { describe, expect, it } from 'vitest';
import { saleSaving } from './compare-at.js';

describe('saleSaving (compare-at price, issue 33 item 6)', () => {
  it('says was/now and the whole percent off, rounded down', () => {
    expect(saleSaving({ price: 120, compareAtPrice: 150, onSale: true })).toEqual({
      was: 150,
      percentOff: 20,
      spoken: 'Was $150, now $120',
    });
    expect(saleSaving({ price: 119, compareAtPrice: 150, onSale: true })?.percentOff).toBe(20);
    expect(saleSaving({ price: 99, compareAtPrice: 100, onSale: true })?.percentOff).toBe(1);
    expect(saleSaving({ price: 1, compareAtPrice: 3, onSale: true })?.percentOff).toBe(66);
    // 0.29 * 100 is 28.999... in floating point: counted in cents it stays 29% off.
    expect(saleSaving({ price: 71, compareAtPrice: 100, onSale: true })?.percentOff).toBe(29);
    expect(saleSaving({ price: 99.5, compareAtPrice: 100, onSale: true })).toMatchObject({
      percentOff: 0,
      spoken: 'Was $100, now $99.50',
    });
  });

  it('says nothing off sale, without a compare-at price, or when it is not above the price', () => {
    expect(saleSaving({ price: 120, compareAtPrice: 150, onSale: false })).toBeUndefined();
    expect(saleSaving({ price: 120, onSale: true })).toBeUndefined();
    expect(saleSaving({ price: 150, compareAtPrice: 150, onSale: true })).toBeUndefined();
    expect(saleSaving({ price: 160, compareAtPrice: 150, onSale: true })).toBeUndefined();
  });
});
