import { History } from 'lucide-react';
import { formatPrice } from '../../../domain/cart-lines';
import type { OrderEventList } from '../../../domain/contracts/checkout';
import { useOrderEvents } from './api/use-order-events';
import { SectionCard } from '../../components/section-card';

type OrderEvent = OrderEventList[number];

/** A trail entry in words: "Status Pending → Received", "Shipped UPS 1Z... (was Other LOCAL-7)". */
function describe(event: OrderEvent): string {
  const { before, after } = event.details as { before: unknown; after: unknown };
  if (event.kind === 'status') return `Status ${String(before)} → ${String(after)}`;
  if (event.kind === 'refund') {
    const cents = (value: unknown) => (value as { refundedCents: number }).refundedCents;
    const { reason, buyerMessage } = event.details as { reason: string; buyerMessage?: string };
    const told = buyerMessage ? `, told the buyer “${buyerMessage}”` : '';
    return `Refund of ${formatPrice((cents(after) - cents(before)) / 100)} (${reason}${told}): refunded ${formatPrice(cents(after) / 100)} in all`;
  }
  if (event.kind === 'return') {
    const { message, refundFailed } = event.details as { message?: string; refundFailed?: boolean };
    if (refundFailed) return `Return back to ${String(after)}: its refund failed`;
    if (before === null) return 'Return asked by the shopper';
    if (after === 'received') return 'Return received: its pairs are back';
    return `Return ${String(after)}${message ? `: “${message}”` : ''}`;
  }
  const shipment = (value: unknown) => {
    const { carrier, trackingNumber } = value as { carrier: string; trackingNumber: string };
    return `${carrier} ${trackingNumber}`;
  };
  return `Shipped ${shipment(after)}${before ? ` (was ${shipment(before)})` : ''}`;
}

/** The order's audit trail: who did what when, oldest first. */
export function OrderTrail({ idPayment }: { idPayment: string }) {
  const events = useOrderEvents(idPayment);
  return (
    <SectionCard title="History" icon={History}>
      {events.isPending ? (
        <p className="mt-3 text-sm text-gray-700">Loading the history...</p>
      ) : (events.data ?? []).length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Nothing has changed since it was paid.</p>
      ) : (
        <ol className="mt-3 flex flex-col divide-y divide-gray-100 text-sm">
          {events.data!.map((event) => (
            <li key={`${event.at}-${event.kind}`} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
              <time dateTime={event.at} className="shrink-0 font-mono text-xs text-gray-600 sm:w-40">
                {event.at.slice(0, 16).replace('T', ' ')} UTC
              </time>
              <span className="font-semibold">{describe(event)}</span>
              <span className="text-gray-600 sm:ml-auto">{event.actor}</span>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
