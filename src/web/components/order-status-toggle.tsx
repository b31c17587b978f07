import { MESSAGES } from '../../domain/messages';
import { Repeat } from 'lucide-react';
import { toast } from '../lib/toast';
import { nextOrderStatus, NOTICE_MS } from '../../domain/constants';
import type { Order } from '../../domain/payment';
import { errorMessage } from '../api/http';
import { useSetOrderStatus } from '../api/set-order-status';
import { OrderStatusBadge } from './order-status-badge';

/**
 * An order's status with the admin's edit (spec §4: Pending becomes Received, anything else
 * Pending), shared by the dashboard's orders table and the /orders page.
 */
export function OrderStatusToggle({ order }: { order: Pick<Order, 'idPayment' | 'status'> }) {
  const setStatus = useSetOrderStatus();
  const next = nextOrderStatus(order.status);

  async function toggle(): Promise<void> {
    try {
      await setStatus.mutateAsync({ idPayment: order.idPayment, status: next });
      toast.success(MESSAGES.admin.orderStatusChanged(next), { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.admin });
    }
  }

  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <OrderStatusBadge status={order.status} />
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={setStatus.isPending}
        aria-busy={setStatus.isPending || undefined}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-xs font-bold transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Repeat aria-hidden="true" className="size-3.5" />
        Mark {next}
      </button>
    </span>
  );
}
