import { expect, it } from 'vitest';
import { nextOrderStatus } from './constants';

it('toggles an order status as spec §4 says: Pending becomes Received, anything else Pending', () => {
  expect(nextOrderStatus('Pending')).toBe('Received');
  expect(nextOrderStatus('Received')).toBe('Pending');
  expect(nextOrderStatus('Lost in transit')).toBe('Pending');
});
