import { expect, it } from 'vitest';
import { chartDay } from './chart-day';
import { formatCents, formatDollars } from './money';

it('shows sales in dollars with cents and thousands separators', () => {
  expect(formatCents(123400)).toBe('$1,234.00');
  expect(formatCents(1999)).toBe('$19.99');
  expect(formatCents(0)).toBe('$0.00');
  expect(formatDollars(249)).toBe('$249.00');
});

it('names chart days in UTC, whatever the local time zone', () => {
  expect(chartDay('2025-06-03')).toBe('Jun 3');
  expect(chartDay('2025-12-31')).toBe('Dec 31');
  expect(chartDay('not a day')).toBe('not a day');
});
