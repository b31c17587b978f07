import { CircleCheck, Clock } from 'lucide-react';
import type { OrderStatus } from '../../domain/constants';

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
