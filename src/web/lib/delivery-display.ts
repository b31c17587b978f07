import { formatPrice } from '../../domain/cart-lines';
import type { Order } from '../../domain/payment';

/**
 * How shipping, its estimated delivery and the sales tax read to a shopper (issue 31): the cart's
 * shipping choice, the confirmation, the order page and the admin's order view say them alike.
 */

/** Dollars from cents, as the spec writes prices ("$120", "$19.95"). */
export function money(cents: number): string {
  return formatPrice(cents / 100);
}

/** A shipping price: "Free" when it costs nothing. */
export function shippingPrice(cents: number): string {
  return cents === 0 ? 'Free' : money(cents);
}

/** A rate in thousandths of a percent as people write it: 7250 is "7.25%", 6000 is "6%". */
export function taxRatePercent(rateMilliPercent: number): string {
  return `${String(rateMilliPercent / 1000)}%`;
}

// The estimate's days are calendar days (YYYY-MM-DD), not instants: read and written in UTC so no
// time zone moves them to the day before.
const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  weekday: new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }),
  year: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
};

function dayText(day: string, format: Intl.DateTimeFormat): string {
  return format.format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
}

/**
 * An estimated delivery as a range of days: "Dec 7 – Dec 11", or with `weekday` "Mon, Dec 7 – Fri,
 * Dec 11"; one day when both ends are the same; the years when the range is not within this year
 * (`today`, YYYY-MM-DD, defaults to now), so a range over New Year's is never ambiguous.
 */
export function deliveryRange(
  estimate: { from: string; to: string },
  { weekday = false, today = new Date().toISOString() }: { weekday?: boolean; today?: string } = {},
): string {
  const sameYear =
    estimate.from.slice(0, 4) === today.slice(0, 4) && estimate.to.slice(0, 4) === today.slice(0, 4);
  const format = !sameYear ? dayFormats.year : weekday ? dayFormats.weekday : dayFormats.short;
  const from = dayText(estimate.from, format);
  if (estimate.from.slice(0, 10) === estimate.to.slice(0, 10)) return from;
  return `${from} – ${dayText(estimate.to, format)}`;
}

/** One line of an order's totals. */
export interface TotalsLine {
  label: string;
  amount: string;
  /** A discount reads as money taken off. */
  tone?: 'discount';
}

/**
 * The lines between an order's pairs and its total: the discount code's, shipping (by its method;
 * "Free" when it cost nothing) and the sales tax when some was charged. An order placed before
 * shipping was priced (shipping null) has no shipping line, one without tax no tax line: the spec's
 * order reads as it always did.
 */
export function orderChargeLines(
  order: Pick<Order, 'discountCode' | 'discount' | 'shipping' | 'tax' | 'taxRate'>,
): TotalsLine[] {
  const lines: TotalsLine[] = [];
  if (order.discountCode) {
    lines.push({
      label: `Discount (${order.discountCode})`,
      amount: `-${money(order.discount)}`,
      tone: 'discount',
    });
  }
  if (order.shipping) {
    lines.push({
      label: `Shipping (${order.shipping.method})`,
      amount: shippingPrice(order.shipping.amount),
    });
  }
  if (order.tax > 0) {
    const rate = order.taxRate === null ? '' : ` (${taxRatePercent(order.taxRate)})`;
    lines.push({ label: `Sales tax${rate}`, amount: money(order.tax) });
  }
  return lines;
}

/** "Arrives Dec 7 – Dec 11" for an order on its way to be shipped; null when it has no estimate. */
export function arrivesText(order: Pick<Order, 'shipping'>, today?: string): string | null {
  if (!order.shipping) return null;
  return `Arrives ${deliveryRange(order.shipping.estimate, today ? { today } : {})}`;
}
