import { Truck } from 'lucide-react';
import { useId } from 'react';
import type { ShippingOffer } from '../../domain/contracts/checkout';
import { deliveryRange, shippingPrice } from '../lib/delivery-display';

interface ShippingChoiceProps {
  /** The ways to ship, priced for what is bought (the checkout's quote); empty before it answers. */
  offers: readonly ShippingOffer[];
  /** The method the quote priced: the shopper's pick while offered, else the shop's default. */
  priced: string | null;
  /** A quote is on its way. */
  pending: boolean;
  /** The method the shopper picked (null: the shop's default). */
  chosen: string | null;
  onChoose: (methodId: string) => void;
}

/**
 * "Shipping": the ways the shop ships a cart or a drop's pair, each with its price for it and the days
 * it would arrive on, as radio buttons in a fieldset (arrow keys move between them). The one checked
 * is the shopper's pick while it is offered, else the one the server priced (the default). Nothing
 * when the shop offers no method; a quiet line until the first quote answers.
 */
export function ShippingChoice({ offers, priced, pending, chosen, onChoose }: ShippingChoiceProps) {
  const name = useId();
  if (offers.length === 0 && !pending) return null;
  const checked = offers.some((offer) => offer._id === chosen) ? chosen : priced;
  return (
    <fieldset className="mt-6 min-w-0 border-t border-gray-200 pt-5">
      <legend className="float-left mb-4 flex w-full items-center gap-2 text-xs font-bold tracking-widest text-gray-700 uppercase">
        <Truck aria-hidden="true" className="size-4" />
        Shipping
      </legend>
      <div className="clear-left flex flex-col gap-3">
        {offers.length === 0 && <p className="text-sm text-gray-600">Looking up the ways to ship…</p>}
        {offers.map((offer) => {
          const isChecked = offer._id === checked;
          return (
            <label
              key={offer._id}
              className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl px-4 py-3 ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
                isChecked ? 'bg-gray-50 ring-ink' : 'ring-gray-300 hover:ring-gray-500'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={offer._id}
                checked={isChecked}
                onChange={() => onChoose(offer._id)}
                className="mt-0.5 size-5 shrink-0 accent-ink"
              />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-bold">{offer.name}</span>
                  <span className="sr-only"> — </span>
                  <span className="font-semibold tabular-nums">{shippingPrice(offer.price)}</span>
                </span>
                <span className="text-gray-700">
                  <span className="sr-only"> — </span>
                  Arrives {deliveryRange(offer.estimate, { weekday: true })}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
