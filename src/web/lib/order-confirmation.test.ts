import { expect, it } from 'vitest';
import { isJustPaid, JUST_PAID } from './order-confirmation';

it('knows the state the cart navigates with after paying, and nothing else', () => {
  expect(isJustPaid(JUST_PAID)).toBe(true);
  // What a history entry holds after a reload: the same object, copied.
  expect(isJustPaid(structuredClone(JUST_PAID))).toBe(true);
  expect(isJustPaid(null)).toBe(false);
  expect(isJustPaid(undefined)).toBe(false);
  expect(isJustPaid({ justPaid: 'yes' })).toBe(false);
  expect(isJustPaid({ from: '/cart' })).toBe(false);
});
