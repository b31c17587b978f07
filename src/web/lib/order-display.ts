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
