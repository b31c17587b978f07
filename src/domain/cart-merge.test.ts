import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_LIMITS, type CartLine } from './cart-lines';
import { lineKey, mergeCarts, sameLines } from './cart-merge';

const line = (_id: string, size: string, quantity: number): CartLine => ({
  _id,
  name: _id,
  image: '',
  quantity,
  price: 10,
  size,
});

/** Carts of a few shoes and sizes, so the two sides often share lines; one line per key, as stored. */
const cartArb = fc
  .array(
    fc.record({
      _id: fc.constantFrom('a', 'b', 'c', 'd'),
      size: fc.constantFrom('9', '9.5', '10'),
      quantity: fc.integer({ min: 1, max: 99 }),
    }),
    { maxLength: 12 },
  )
  .map((lines) => {
    const seen = new Set<string>();
    return lines
      .filter((item) => !seen.has(lineKey(item)) && Boolean(seen.add(lineKey(item))))
      .map((item) => line(item._id, item.size, item.quantity));
  });

const quantities = (cart: readonly CartLine[]) => new Map(cart.map((item) => [lineKey(item), item.quantity]));

describe('mergeCarts (signing in: the device’s cart and the saved one)', () => {
  it('keeps the larger quantity of the same shoe and size, not the sum', () => {
    const merged = mergeCarts([line('a', '9', 3), line('b', '9', 1)], [line('b', '9', 4), line('a', '9', 1)]);
    expect(merged.map((item) => `${item._id}${item.size}x${item.quantity}`)).toEqual(['a9x3', 'b9x4']);
  });

  it('keeps the saved lines first, then the device’s others in their order', () => {
    const merged = mergeCarts([line('a', '9', 1)], [line('c', '10', 2), line('a', '10', 1)]);
    expect(merged.map((item) => `${item._id}${item.size}`)).toEqual(['a9', 'c10', 'a10']);
  });

  it('every line of either side, each at the larger of its quantities, one line per key', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (saved, device) => {
        const merged = mergeCarts(saved, device);
        const expected = quantities(device);
        for (const [key, quantity] of quantities(saved)) {
          expected.set(key, Math.max(quantity, expected.get(key) ?? 0));
        }
        expect(quantities(merged)).toEqual(expected);
        expect(new Set(merged.map(lineKey)).size).toBe(merged.length);
      }),
    );
  });

  it('is the same cart whichever side it starts from (the lines’ order aside), and merging again changes nothing', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (saved, device) => {
        const merged = mergeCarts(saved, device);
        expect(quantities(mergeCarts(device, saved))).toEqual(quantities(merged));
        expect(sameLines(mergeCarts(merged, device), merged)).toBe(true);
        expect(sameLines(mergeCarts(merged, saved), merged)).toBe(true);
      }),
    );
  });

  it('never holds more lines than a cart may', () => {
    const many = (prefix: string) => Array.from({ length: 80 }, (_, i) => line(`${prefix}${i}`, '9', 1));
    expect(mergeCarts(many('s'), many('d'))).toHaveLength(CART_LIMITS.lines);
    expect(mergeCarts(many('s'), many('d'))[79]!._id).toBe('s79');
  });
});
