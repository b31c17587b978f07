import { expect, it } from 'vitest';
import { netPaidCents, orderDate, orderTotal, pairCount, refundedPairsByLine } from './order-display';

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

it('counts the pairs of each line that refunds gave back, only those that went through', () => {
  const refund = { _id: 'r', amount: 100, reason: null, message: null, date: '', restock: false };
  const given = refundedPairsByLine({
    refunds: [
      { ...refund, status: 'succeeded', lines: [{ lineId: 'a', quantity: 1 }] },
      {
        ...refund,
        status: 'succeeded',
        lines: [
          { lineId: 'a', quantity: 1 },
          { lineId: 'b', quantity: 2 },
        ],
      },
      { ...refund, status: 'pending', lines: [{ lineId: 'c', quantity: 1 }] },
      { ...refund, status: 'failed', lines: [{ lineId: 'b', quantity: 1 }] },
      // A refund of an amount names no pairs.
      { ...refund, status: 'succeeded', lines: [] },
    ],
  });
  expect([...given]).toEqual([
    ['a', 2],
    ['b', 2],
  ]);
});

it('nets the refunds off the total', () => {
  expect(netPaidCents({ amount: 32999, refunded: 12000 })).toBe(20999);
  expect(netPaidCents({ amount: 32999, refunded: 0 })).toBe(32999);
  expect(netPaidCents({ amount: 32999, refunded: 32999 })).toBe(0);
});
