import { CircleCheck, CircleDashed, ExternalLink } from 'lucide-react';
import type { Order } from '../../domain/payment';
import { arrivesText } from '../lib/delivery-display';
import { SectionCard } from './section-card';

const day = (iso: string) => iso.slice(0, 10);

/**
 * Where the order is (issue 19): paid, shipped (with the carrier's tracking link), received. The
 * spec's status stays the Pending/Received of the facts above; this is the shopper's journey. How it
 * ships and when it should arrive (issue 31) stand under the steps still to come.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const method = order.shipping?.method;
  const arrives = order.receivedAt === null ? arrivesText(order) : null;
  const steps = [
    { label: 'Paid', done: true, when: order.date, detail: null },
    {
      label: 'Shipped',
      done: order.shipment !== null,
      when: order.shipment?.shippedAt,
      detail: order.shipment ? (
        <>
          {order.shipment.carrier} · <span className="font-mono">{order.shipment.trackingNumber}</span>
          {order.shipment.trackingUrl && (
            <a
              href={order.shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-2 inline-flex items-center gap-1 font-bold text-accent-dark underline underline-offset-4"
            >
              Track your parcel
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens the carrier’s site)</span>
            </a>
          )}
        </>
      ) : (
        method && `By ${method}`
      ),
    },
    {
      label: 'Received',
      done: order.receivedAt !== null,
      when: order.receivedAt ?? undefined,
      detail: arrives,
    },
  ];
  return (
    <SectionCard title="Delivery">
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps.map((step) => (
          <li key={step.label} className="flex gap-3">
            {step.done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            ) : (
              <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-400" />
            )}
            <div className="min-w-0 text-sm">
              <p className={`font-bold ${step.done ? 'text-ink' : 'text-gray-600'}`}>
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
              </p>
              {step.when && (
                <time dateTime={step.when} className="text-gray-700">
                  {day(step.when)}
                </time>
              )}
              {step.detail && <p className="mt-1 break-words text-gray-700">{step.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
