import { allocate } from './discounts.js';

/**
 * What an order costs beyond its pairs (issue 31): the shipping method the shopper picks and the sales
 * tax of the state it goes to, priced after the discount code. With no method and no rate, the total
 * is the lines' total: the spec's checkout charges exactly what it always did.
 */

/** A way to ship, as the staff set it up (admin panel). */
export interface ShippingMethod {
  /** Cents charged; 0 for free shipping. */
  priceCents: number;
  /** Free when the lines (after the code) cost at least this many cents; null: never free. */
  freeAboveCents: number | null;
  /** Business days from the order to the door, at the soonest and at the latest. */
  minDays: number;
  maxDays: number;
}

/** A state's sales tax, as the staff set it up. */
export interface SalesTax {
  /** The rate in thousandths of a percent: 7.25 % is 7250 (rates such as 8.875 % are exact). */
  rateMilliPercent: number;
  /** Whether shipping is taxed in that state. */
  taxShipping: boolean;
}

export const TAX_RATE_SCALE = 100_000;

/** `cents × rate`, rounded to the cent half up (amounts here are never negative). */
export function taxOfCents(cents: number, rateMilliPercent: number): number {
  return Math.floor((cents * rateMilliPercent + TAX_RATE_SCALE / 2) / TAX_RATE_SCALE);
}

/** What a method charges for lines worth `linesCents` after the code. */
export function shippingCentsOf(method: ShippingMethod | undefined, linesCents: number): number {
  if (!method) return 0;
  if (method.freeAboveCents !== null && linesCents >= method.freeAboveCents) return 0;
  return method.priceCents;
}

export interface OrderTotals {
  /** The lines after the code, in cents (what the spec's checkout charges). */
  linesCents: number;
  shippingCents: number;
  /** The tax, all of it: `lineTaxCents` and `shippingTaxCents` sum to it exactly. */
  taxCents: number;
  /** Each line's share of the tax, in the lines' order. */
  lineTaxCents: number[];
  shippingTaxCents: number;
  /** What the card is charged. */
  totalCents: number;
}

/**
 * Prices an order from its lines after the code (cents each line is charged): shipping by the
 * method, then the tax on the lines (and on shipping where the state taxes it), computed on their sum
 * rounded half up and shared among the lines and shipping in proportion to their cents, so the parts
 * sum exactly to the tax and a refund of a pair can give back that pair's share of it.
 */
export function orderTotals(
  lineCents: readonly number[],
  options: { shipping?: ShippingMethod; tax?: SalesTax } = {},
): OrderTotals {
  const linesCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const shippingCents = shippingCentsOf(options.shipping, linesCents);
  const tax = options.tax;
  const taxedShipping = tax?.taxShipping ? shippingCents : 0;
  const taxCents = tax ? taxOfCents(linesCents + taxedShipping, tax.rateMilliPercent) : 0;
  const shares = allocate(taxCents, [...lineCents, taxedShipping]);
  return {
    linesCents,
    shippingCents,
    taxCents,
    lineTaxCents: shares.slice(0, lineCents.length),
    shippingTaxCents: shares[lineCents.length] ?? 0,
    totalCents: linesCents + shippingCents + taxCents,
  };
}

/** Saturday and Sunday: no carrier delivers on them in the estimate. */
const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** The day `businessDays` working days after `from` (a UTC calendar day), weekends skipped. */
export function addBusinessDays(from: Date, businessDays: number): Date {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = businessDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) left -= 1;
  }
  return day;
}

/** When an order placed at `ordered` arrives with a method: the first and last days, as YYYY-MM-DD. */
export function deliveryEstimate(
  ordered: Date,
  method: Pick<ShippingMethod, 'minDays' | 'maxDays'>,
): { from: string; to: string } {
  const iso = (day: Date) => day.toISOString().slice(0, 10);
  return {
    from: iso(addBusinessDays(ordered, method.minDays)),
    to: iso(addBusinessDays(ordered, method.maxDays)),
  };
}
