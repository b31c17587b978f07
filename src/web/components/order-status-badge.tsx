import { CircleCheck, Clock, Truck } from 'lucide-react';
import type { OrderStatus } from '../../domain/constants';
import type { Order } from '../../domain/payment';

/** An order's status (spec §3: Pending or Received) as a small pill. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const received = status === 'Received';
  const Icon = received ? CircleCheck : Clock;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold ${
        received ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {status}
    </span>
  );
}

/**
 * Beside the spec's status, which stays Pending until it is received: that the order has left the
 * warehouse and with whom (issue 32), so "Pending" never reads as "not sent yet".
 */
export function ShipmentBadge({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  return (
    // One line even in a phone's half-width tile; "Other" names no carrier.
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-sky-900">
      <Truck aria-hidden="true" className="size-3.5" />
      Shipped{shipment.carrier !== 'Other' && ` · ${shipment.carrier}`}
    </span>
  );
}
