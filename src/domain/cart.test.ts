import { describe, expect, it } from 'vitest';
import {
  addToCart,
  decrementQuantity,
  formatPrice,
  incrementQuantity,
  itemCount,
  parseStoredCart,
  removeLine,
  subtotal,
  subtotalCents,
  type CartLine,
} from './cart.js';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  _id: 'shoe-1',
  name: 'Cloud Runner',
  image: '/uploads/shoes/cloud.webp',
  quantity: 1,
  price: 120,
  size: '9',
  ...overrides,
});

describe('cart math', () => {
  it('adds a new line, and merges the same shoe in the same size', () => {
    let cart = addToCart([], line());
    cart = addToCart(cart, line({ quantity: 2 }));
    expect(cart).toEqual([line({ quantity: 3 })]);
  });

  it('keeps the same shoe in another size as its own line', () => {
    const cart = addToCart([line()], line({ size: '9.5' }));
    expect(cart.map((item) => item.size)).toEqual(['9', '9.5']);
  });

  it('never lets minus go below 1', () => {
    const cart = decrementQuantity(decrementQuantity([line({ quantity: 2 })], line()), line());
    expect(cart[0]!.quantity).toBe(1);
  });

  it('plus adds one to the matching line only', () => {
    const cart = incrementQuantity([line(), line({ size: '10' })], line({ size: '10' }));
    expect(cart.map((item) => item.quantity)).toEqual([1, 2]);
  });

  it('removes one line', () => {
    expect(removeLine([line(), line({ size: '10' })], line())).toEqual([line({ size: '10' })]);
  });

  it('sums the subtotal in cents without floating-point drift', () => {
    const cart = [line({ price: 0.1, quantity: 1 }), line({ _id: 'b', price: 0.2, quantity: 1 })];
    expect(subtotalCents(cart)).toBe(30);
    expect(subtotal(cart)).toBe(0.3);
    expect(subtotal([line({ price: 120, quantity: 2 }), line({ _id: 'c', price: 89.99 })])).toBe(329.99);
  });

  it('counts items across lines', () => {
    expect(itemCount([line({ quantity: 2 }), line({ _id: 'x', quantity: 3 })])).toBe(5);
  });

  it('formats prices in dollars', () => {
    expect(formatPrice(120)).toBe('$120');
    expect(formatPrice(89.5)).toBe('$89.50');
  });
});

describe('stored cart (localStorage "carrito")', () => {
  it('reads a valid stored cart', () => {
    expect(parseStoredCart(JSON.stringify([line()]))).toEqual([line()]);
  });

  it.each([null, '', 'not json', '{"a":1}', '[{"_id":1}]', '[{"_id":"x","quantity":-4}]', 'null', '42'])(
    'resets a missing or corrupt value (%s) to an empty cart',
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );
});
