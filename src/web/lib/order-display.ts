import { formatPrice } from '../../domain/cart-lines';
import type { Order } from '../../domain/payment';

/** Spec §2 and §9: the total is the amount in cents divided by 100, with a $ sign. */
export function orderTotal(order: Pick<Order, 'amount'>): string {
  return formatPrice(order.amount / 100);
}

/** Spec §9: an order's date is shown as its first 10 characters (YYYY-MM-DD). */
export function orderDate(order: Pick<Order, 'date'>): string {
  return order.date.slice(0, 10);
}

export function pairCount(order: Pick<Order, 'shoe'>): number {
  return order.shoe.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The pairs of each line given back by refunds that went through (by `lineId`), as the buyer's
 * "1 of 2 refunded"; a pending or failed refund has given nothing back yet.
 */
export function refundedPairsByLine(order: Pick<Order, 'refunds'>): Map<string, number> {
  const given = new Map<string, number>();
  for (const refund of order.refunds) {
    if (refund.status !== 'succeeded') continue;
    for (const line of refund.lines) given.set(line.lineId, (given.get(line.lineId) ?? 0) + line.quantity);
  }
  return given;
}

/** What the buyer finally paid, in cents: the total charged less what was given back (never below 0). */
export function netPaidCents(order: Pick<Order, 'amount' | 'refunded'>): number {
  return Math.max(0, order.amount - order.refunded);
}
