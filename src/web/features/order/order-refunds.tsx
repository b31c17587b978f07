import { formatPrice } from '../../../domain/cart-lines';
import type { Order } from '../../../domain/payment';

/**
 * The refunds on the buyer's order page: what was given back and when, with the staff's words to the
 * buyer when they wrote some (their internal reasons are never sent here).
 */
export function OrderRefunds({ order }: { order: Order }) {
  const given = order.refunds.filter((refund) => refund.status !== 'failed');
  if (given.length === 0) return null;
  return (
    <section
      aria-label="Refunds"
      className="mt-4 rounded-2xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      <ul className="flex flex-col gap-2">
        {given.map((refund) => (
          <li key={refund._id}>
            <span className="font-bold tabular-nums">{formatPrice(refund.amount / 100)}</span>{' '}
            {refund.status === 'succeeded' ? 'refunded' : 'refund on its way'} on{' '}
            <time dateTime={refund.date}>{refund.date.slice(0, 10)}</time>
            {refund.message && <p className="mt-0.5 text-emerald-950">“{refund.message}”</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
