import { ChevronRight, Package } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../domain/payment';
import { OrderFactsLine, OrderStatusTotal } from '../../components/order-summary';
import { paths } from '../../paths';

interface OrderListProps {
  orders: readonly Order[];
  /** Shown instead of the list when there are no orders. */
  emptyText?: string;
}

/**
 * A list of orders (the account's 'My Orders', spec §2): each order id links to
 * /order/{idPayment}, with its total, date and status.
 */
export function OrderList({ orders, emptyText = 'You have no orders yet.' }: OrderListProps) {
  if (orders.length === 0) {
    return (
      <p className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-gray-300 px-5 py-6 text-gray-700">
        <Package aria-hidden="true" className="size-6 shrink-0 text-gray-500" />
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200">
      {orders.map((order) => (
        <li
          key={order._id}
          className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:px-5"
        >
          <div className="min-w-0">
            {/* The number the shopper says (issue 31) beside the spec's id, which stays the link. */}
            <span className="mr-2 text-sm font-black whitespace-nowrap">{order.number}</span>
            <Link
              to={paths.order(order.idPayment)}
              className="group inline-flex max-w-full items-center gap-1 rounded-sm font-mono text-sm font-bold break-all text-ink hover:text-accent-dark hover:underline"
            >
              {order.idPayment}
              <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
            </Link>
            <p className="mt-0.5 text-sm text-gray-600">
              <OrderFactsLine order={order} />
            </p>
          </div>
          <OrderStatusTotal order={order} />
        </li>
      ))}
    </ul>
  );
}
