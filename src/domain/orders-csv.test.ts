import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  csvDollars,
  daysBetween,
  orderCsvRows,
  ORDERS_CSV_COLUMNS,
  ordersExportQuerySchema,
} from './orders-csv';

describe('ordersExportQuerySchema', () => {
  const fields = (from: string, to: string) => {
    const parsed = ordersExportQuerySchema.safeParse({ from, to });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('takes one day, and up to 366 days both counted', () => {
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
    expect(fields('2025-03-01', '2025-03-01')).toEqual({});
    expect(fields('2024-01-01', '2024-12-31')).toEqual({});
  });

  it('refuses 367 days, a last day before the first, and days that do not exist', () => {
    expect(fields('2024-01-01', '2025-01-01')).toEqual({ to: MESSAGES.ordersExport.tooLong(366) });
    expect(fields('2025-03-02', '2025-03-01')).toEqual({ to: MESSAGES.ordersExport.toBeforeFrom });
    expect(fields('2025-02-29', '2025-03-01')).toEqual({ from: MESSAGES.ordersExport.from });
    expect(fields('2025-01-01', '2025-13-01')).toEqual({ to: MESSAGES.ordersExport.to });
  });
});

describe('orderCsvRows', () => {
  it('writes dollars with two decimals', () => {
    expect([csvDollars(0), csvDollars(5), csvDollars(123_450), csvDollars(-99)]).toEqual([
      '0.00',
      '0.05',
      '1234.50',
      '-0.99',
    ]);
  });

  it('gives an order without lines one row with its money, cells escaped', () => {
    const [row, ...more] = orderCsvRows({
      number: 10_042,
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      status: 'Pending',
      email: '@someone@shop.test',
      deliveryName: null,
      deliveryState: null,
      discountCode: null,
      discountCents: 0,
      shippingMethod: null,
      shippingCents: 0,
      taxCents: 0,
      refundedCents: 0,
      amountCents: 1_000,
      lines: [],
    });
    expect(more).toEqual([]);
    const cells = Object.fromEntries(ORDERS_CSV_COLUMNS.map((column, i) => [column, row![i]]));
    expect(cells).toMatchObject({
      order_number: 'SS-10042',
      order_date: '2026-01-02T03:04:05.678Z',
      customer_email: "'@someone@shop.test",
      line: '',
      order_total: '10.00',
    });
  });
});
