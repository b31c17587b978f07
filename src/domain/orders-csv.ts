import { z } from 'zod';
import { escapeCsvCell } from './catalogue-csv.js';
import { MESSAGES } from './messages.js';
import { formatOrderNumber } from './order-number.js';

/**
 * The orders CSV for the accountant (issue 33 item 4; docs/catalogue-csv.md "Orders CSV"): one row per
 * order line. The order's own columns (number, date, status, email, delivery name and state) are on
 * every row; its money (discount code, shipping, tax, refunds, total) only on its first line's row and
 * empty on the others, so the sum of a column is the sum over orders.
 */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'order_date',
  'status',
  'customer_email',
  'delivery_name',
  'delivery_state',
  'line',
  'shoe',
  'size',
  'sku',
  'quantity',
  'unit_price',
  'line_discount',
  'line_tax',
  'line_total',
  'discount_code',
  'order_discount',
  'shipping_method',
  'shipping_price',
  'tax_total',
  'refunded',
  'order_total',
] as const;
export type OrdersCsvColumn = (typeof ORDERS_CSV_COLUMNS)[number];

/** The longest range one export covers: a year, leap day included. */
export const MAX_EXPORT_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists: "2025-02-30" and "2025-13-01" are not (Date would roll or refuse them). */
const isDay = (value: string) => {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const day = (message: string) => z.string().trim().refine(isDay, message);

/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is 1). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: UTC days, both included, at most MAX_EXPORT_DAYS of them. */
export const ordersExportQuerySchema = z
  .object({
    from: day(MESSAGES.ordersExport.from),
    to: day(MESSAGES.ordersExport.to),
  })
  .superRefine((range, ctx) => {
    if (!isDay(range.from) || !isDay(range.to)) return;
    const days = daysBetween(range.from, range.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.ordersExport.toBeforeFrom });
    else if (days > MAX_EXPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.ordersExport.tooLong(MAX_EXPORT_DAYS) });
    }
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** Cents as the accountant's CSV writes money: dollars with two decimals ("1234.50"). */
export const csvDollars = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** One order with its lines, in the database's units, as the export reads it. */
export interface ExportedOrder {
  number: number;
  createdAt: Date;
  status: string;
  email: string;
  deliveryName: string | null;
  deliveryState: string | null;
  discountCode: string | null;
  discountCents: number;
  shippingMethod: string | null;
  shippingCents: number;
  taxCents: number;
  refundedCents: number;
  amountCents: number;
  lines: {
    name: string;
    size: string;
    sku: string | null;
    quantity: number;
    unitPriceCents: number;
    discountCents: number;
    taxCents: number;
  }[];
}

/**
 * An order's rows, every cell escaped against CSV injection (a name or an address the shopper typed
 * may start with `=`). An order without lines still has one row, so its money is counted.
 */
export function orderCsvRows(order: ExportedOrder): string[][] {
  const lines = order.lines.length > 0 ? order.lines : [undefined];
  return lines.map((line, index) => {
    const cells: Record<OrdersCsvColumn, string> = {
      order_number: formatOrderNumber(order.number),
      order_date: order.createdAt.toISOString(),
      status: order.status,
      customer_email: order.email,
      delivery_name: order.deliveryName ?? '',
      delivery_state: order.deliveryState ?? '',
      line: line ? String(index + 1) : '',
      shoe: line?.name ?? '',
      size: line?.size ?? '',
      sku: line?.sku ?? '',
      quantity: line ? String(line.quantity) : '',
      unit_price: line ? csvDollars(line.unitPriceCents) : '',
      line_discount: line ? csvDollars(line.discountCents) : '',
      line_tax: line ? csvDollars(line.taxCents) : '',
      line_total: line
        ? csvDollars(line.unitPriceCents * line.quantity - line.discountCents + line.taxCents)
        : '',
      ...(index === 0
        ? {
            discount_code: order.discountCode ?? '',
            order_discount: csvDollars(order.discountCents),
            shipping_method: order.shippingMethod ?? '',
            shipping_price: csvDollars(order.shippingCents),
            tax_total: csvDollars(order.taxCents),
            refunded: csvDollars(order.refundedCents),
            order_total: csvDollars(order.amountCents),
          }
        : {
            discount_code: '',
            order_discount: '',
            shipping_method: '',
            shipping_price: '',
            tax_total: '',
            refunded: '',
            order_total: '',
          }),
    };
    return ORDERS_CSV_COLUMNS.map((column) => escapeCsvCell(cells[column]));
  });
}

/** The file the browser saves: "orders-2026-01-01-to-2026-03-31.csv". */
export const ordersCsvFileName = (range: OrdersExportQuery): string =>
  `orders-${range.from}-to-${range.to}.csv`;
