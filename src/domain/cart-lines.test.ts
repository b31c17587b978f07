import fc from 'fast-check';
import { expect, it } from 'vitest';
import { cartLineSchema } from './cart';
import { CART_LIMITS, isCartLine } from './cart-lines';

/**
 * The browser checks stored cart lines by hand (to keep Zod out of the first page load);
 * the hand-written check must accept exactly what the shared schema accepts.
 */
const text = (max: number) => fc.oneof(fc.string({ maxLength: max + 2 }), fc.constant(''));
const number = fc.oneof(
  fc.integer({ min: -2, max: CART_LIMITS.quantityMax + 2 }),
  fc.double({ min: -1, max: CART_LIMITS.priceMax + 1, noNaN: false }),
  fc.constantFrom(Number.POSITIVE_INFINITY, 0, 0.5),
);
const candidate = fc.record(
  {
    _id: text(CART_LIMITS.idMax),
    name: text(CART_LIMITS.nameMax),
    image: text(CART_LIMITS.imageMax),
    quantity: number,
    price: number,
    size: text(CART_LIMITS.sizeMax),
  },
  { requiredKeys: [] },
);

it('accepts exactly the cart lines the shared schema accepts', () => {
  fc.assert(
    fc.property(fc.oneof(candidate, fc.anything()), (value) => {
      expect(isCartLine(value)).toBe(cartLineSchema.safeParse(value).success);
    }),
    { numRuns: 2000 },
  );
});
