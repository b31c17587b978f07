import { expect, it } from 'vitest';
import { orderDate, orderTotal, pairCount } from './order-display';

it('shows the amount in dollars and the first 10 characters of the date', () => {
  expect(orderTotal({ amount: 32999 })).toBe('$329.99');
  expect(orderTotal({ amount: 12950 })).toBe('$129.50');
  expect(orderTotal({ amount: 12000 })).toBe('$120');
  expect(orderDate({ date: '2025-03-14T09:26:53.589Z' })).toBe('2025-03-14');
});

it('counts pairs', () => {
  const line = { _id: null, lineId: 'l', name: 'x', image: '', price: 1, size: '9', discount: 0, tax: 0 };
  expect(
    pairCount({
      shoe: [
        { ...line, quantity: 2 },
        { ...line, quantity: 1 },
      ],
    }),
  ).toBe(3);
});
