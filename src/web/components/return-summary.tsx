import { formatPrice } from '../../domain/cart-lines';
import type { Order } from '../../domain/payment';
import { RETURN_REASON_LABELS } from '../../domain/returns';

type Asked = Order['returns'][number];

const STATE: Record<Asked['status'], { label: string; className: string }> = {
  requested: { label: 'Waiting for an answer', className: 'bg-amber-50 text-amber-800' },
  approved: { label: 'Approved', className: 'bg-emerald-50 text-emerald-800' },
  received: { label: 'Received and refunded', className: 'bg-emerald-50 text-emerald-800' },
  rejected: { label: 'Not accepted', className: 'bg-red-50 text-deal' },
};

/**
 * One return request of an order, as its shopper and the staff read it: the pairs, the reason and
 * note, its state, and then the refund that approved it or the staff's words that rejected it.
 */
export function ReturnSummary({ order, asked }: { order: Order; asked: Asked }) {
  const state = STATE[asked.status];
  const refund = order.refunds.find((candidate) => candidate._id === asked.refundId);
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${state.className}`}>
          {state.label}
        </span>
        <span className="font-semibold">{RETURN_REASON_LABELS[asked.reason]}</span>
        <span className="text-gray-700">
          asked on <time dateTime={asked.date}>{asked.date.slice(0, 10)}</time>
        </span>
      </p>
      <ul className="text-gray-800">
        {asked.lines.map((pairs) => {
          const line = order.shoe.find((candidate) => candidate.lineId === pairs.lineId);
          return (
            <li key={pairs.lineId}>
              {pairs.quantity} × {line?.name ?? 'A pair'}, size {line?.size ?? '?'}
            </li>
          );
        })}
      </ul>
      {asked.note && <p className="text-gray-700 italic">“{asked.note}”</p>}
      {asked.status === 'approved' && !refund && (
        <p className="font-semibold text-emerald-800">
          Approved: send the pairs back as the mail says; we refund them when they arrive
        </p>
      )}
      {(asked.status === 'approved' || asked.status === 'received') && refund && (
        <p className="font-semibold text-emerald-800">
          {refund.status === 'succeeded'
            ? `Refunded ${formatPrice(refund.amount / 100)}`
            : `Refund of ${formatPrice(refund.amount / 100)} on its way`}
        </p>
      )}
      {asked.status === 'rejected' && asked.message && (
        <p className="rounded-xl bg-paper px-3 py-2 text-gray-800">{asked.message}</p>
      )}
    </div>
  );
}
