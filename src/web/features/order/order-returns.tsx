import { useState } from 'react';
import { PackageOpen } from 'lucide-react';
import { RETURN_WINDOW_DAYS } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import { ledgerOfOrder, returnablePairs } from '../../../domain/refunds';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { ReturnSummary } from '../../components/return-summary';
import { ReturnItemsForm } from './return-items-form';
import { SectionCard } from '../../components/section-card';

/**
 * Returns on the order page (issue 19): what the shopper asked and the answers, and "Return items"
 * while the order was first received less than RETURN_WINDOW_DAYS ago and some pairs can still be
 * returned: not refunded, not in a waiting return, and only while money is left to refund them.
 */
export function OrderReturns({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  // The moment the page opened: a page left open past the window's end is refused by the server.
  const [now] = useState(() => Date.now());
  const pairsLeft = returnablePairs(ledgerOfOrder(order));
  const open =
    order.returnableUntil !== null &&
    now <= new Date(order.returnableUntil).getTime() &&
    [...pairsLeft.values()].some((left) => left > 0);
  if (!open && order.returns.length === 0) return null;

  return (
    <SectionCard title="Returns" icon={PackageOpen}>
      {order.returns.length > 0 && (
        <ol className="mt-3 flex flex-col divide-y divide-gray-100">
          {order.returns.map((asked) => (
            <li key={asked._id} className="py-3">
              <ReturnSummary order={order} asked={asked} />
            </li>
          ))}
        </ol>
      )}
      {open && (
        <>
          <p className="mt-2 text-sm text-gray-700">
            Not right? Return pairs within {RETURN_WINDOW_DAYS} days of delivery, until{' '}
            <time dateTime={order.returnableUntil!}>{order.returnableUntil!.slice(0, 10)}</time>.
          </p>
          {asking ? (
            <ReturnItemsForm order={order} pairsLeft={pairsLeft} onDone={() => setAsking(false)} />
          ) : (
            <button type="button" onClick={() => setAsking(true)} className={`${secondaryButtonClass} mt-4`}>
              Return items
            </button>
          )}
        </>
      )}
    </SectionCard>
  );
}
