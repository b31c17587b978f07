import type { ReactNode } from 'react';
import type { Order } from '../../domain/payment';
import { orderDate, orderTotal, pairCount } from '../lib/order-display';
import { OrderStatusBadge } from './order-status-badge';

/** " · " between two facts on one line; screen readers hear a comma instead. */
function Separator() {
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
    </>
  );
}

/** When an order was placed and how many pairs it holds (after whose it is, in the admin's lists). */
export function OrderFactsLine({ order, withEmail = false }: { order: Order; withEmail?: boolean }) {
  const pairs = pairCount(order);
  return (
    <>
      {withEmail && (
        <>
          {order.email}
          <Separator />
        </>
      )}
      <time dateTime={order.date}>{orderDate(order)}</time>
      <Separator />
      {pairs} {pairs === 1 ? 'pair' : 'pairs'}
    </>
  );
}

/** An order's status and total side by side, in a list of orders; `children` follow them. */
export function OrderStatusTotal({ order, children }: { order: Order; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-3 sm:shrink-0">
      <OrderStatusBadge status={order.status} />
      <p className="text-lg font-black tabular-nums">
        <span className="sr-only">Total </span>
        {orderTotal(order)}
      </p>
      {children}
    </div>
  );
}
