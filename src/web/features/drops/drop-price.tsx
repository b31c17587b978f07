import type { QuoteAnswer } from '../../../domain/contracts/checkout';
import { money, shippingPrice } from '../../lib/delivery-display';

/**
 * What the card is charged for the pair, as the checkout will charge it: the total, then its parts
 * (the pair, shipping by the method chosen, the delivery state's sales tax once one is typed). Read
 * out politely as it changes with the method or the state.
 */
export function DropPrice({
  label,
  quote,
  pending,
}: {
  label: string;
  quote: QuoteAnswer;
  pending: boolean;
}) {
  const parts = [`the pair ${money(quote.subtotal)}`, `shipping ${shippingPrice(quote.shipping)}`];
  if (quote.tax > 0) parts.push(`tax ${money(quote.tax)}`);
  return (
    <p
      role="status"
      aria-busy={pending}
      className={`rounded-2xl bg-paper px-4 py-3 text-sm transition-opacity ${pending ? 'opacity-60' : ''}`}
    >
      <span className="font-bold">
        {label}: <span className="tabular-nums">{money(quote.total)}</span>
      </span>
      <span className="block text-gray-700">{parts.join(' · ')}</span>
    </p>
  );
}
