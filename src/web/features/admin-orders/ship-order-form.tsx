import { useId, useState, type FormEvent } from 'react';
import { Truck } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import type { Order } from '../../../domain/payment';
import { CARRIERS, shipmentRequestSchema, type Carrier } from '../../../domain/shipping';
import { errorMessage } from '../../api/http';
import { deliveryRange } from '../../lib/delivery-display';
import { toast } from '../../lib/toast';
import { useShipOrder } from './api/ship-order';
import { CompactField, compactControlClass } from '../../components/forms/compact-field';
import { InlineError } from '../../components/forms/inline-error';
import { SectionCard } from '../../components/section-card';

/** Mark the order shipped with its carrier and tracking number (or correct them): the buyer is mailed the link. */
export function ShipOrderForm({ order }: { order: Order }) {
  const id = useId();
  const ship = useShipOrder(order.idPayment);
  const [carrier, setCarrier] = useState<Carrier>(order.shipment?.carrier ?? 'UPS');
  const [trackingNumber, setTrackingNumber] = useState(order.shipment?.trackingNumber ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = shipmentRequestSchema.safeParse({ carrier, trackingNumber });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    // A promise rather than mutate's callbacks: those are dropped once the order's new shipment
    // re-renders this form with the values it saved.
    ship
      .mutateAsync(parsed.data)
      .then(() =>
        toast.success(`Order ${order.idPayment} shipped with ${parsed.data.carrier}`, {
          duration: NOTICE_MS.admin,
        }),
      )
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }

  return (
    <SectionCard title="Shipping" icon={Truck}>
      {order.shipping && (
        // How the shopper chose to have it shipped, and the days they were promised (issue 31).
        <p className="mt-2 text-sm text-gray-700">
          <span className="font-bold text-ink">Ship by {order.shipping.method}</span> · arrives{' '}
          {deliveryRange(order.shipping.estimate)}
        </p>
      )}
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <CompactField id={`${id}-carrier`} label="Carrier">
          <select
            id={`${id}-carrier`}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value as Carrier)}
            className={compactControlClass}
          >
            {CARRIERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </CompactField>
        <CompactField id={`${id}-number`} label="Tracking number">
          <input
            id={`${id}-number`}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${compactControlClass} font-mono`}
          />
        </CompactField>
        <button
          type="submit"
          disabled={ship.isPending}
          className="h-11 rounded-full bg-ink px-5 text-sm font-bold text-white transition-colors hover:bg-accent-dark disabled:opacity-60"
        >
          {order.shipment ? 'Update shipping' : 'Mark shipped'}
        </button>
        <InlineError id={`${id}-error`} message={error} className="sm:col-span-3" />
      </form>
    </SectionCard>
  );
}
