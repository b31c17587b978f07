import { itemCount, type CartLine } from '../../../domain/cart-lines';
import { money, shippingPrice, taxRatePercent } from '../../lib/delivery-display';
import type { CartPricing } from './api/use-cart-quote';
import { DiscountCodeField } from './discount-code-field';

const rowClass = 'flex items-baseline justify-between gap-4';

/**
 * Item count, subtotal, the discount code's line, shipping, the sales tax and the total; the discount
 * code field under them and the payment form under it. A cart with nothing beyond its pairs (no code,
 * no shipping offered, no tax) shows its subtotal alone, as the spec's cart does; the total is always
 * the last amount, so a free, untaxed cart ends on the subtotal's amount.
 */
export function CartSummary({
  lines,
  code,
  pricing,
}: {
  lines: CartLine[];
  code: string;
  pricing: CartPricing;
}) {
  const count = itemCount(lines);
  const method = pricing.shippingMethods.find((offer) => offer._id === pricing.shippingMethod);
  const extras = pricing.code !== null || method !== undefined || pricing.tax > 0;
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="summary-heading" className="text-xl font-black tracking-tight">
        Order summary
      </h2>
      <dl className="mt-4 flex flex-col gap-3 text-sm" aria-busy={pricing.pending}>
        <div className="flex justify-between">
          <dt className="text-gray-700">Items</dt>
          <dd className="font-semibold tabular-nums">{count}</dd>
        </div>
        <div className={`${rowClass} border-t border-gray-200 pt-3`}>
          <dt className={extras ? 'font-bold' : 'text-base font-bold'}>Subtotal</dt>
          <dd className={`tabular-nums ${extras ? 'font-bold' : 'text-2xl font-black'}`}>
            {money(pricing.subtotal)}
          </dd>
        </div>
        {pricing.code && (
          <div className={`${rowClass} text-emerald-800`}>
            <dt className="font-bold">Discount ({pricing.code})</dt>
            <dd className="font-bold tabular-nums">-{money(pricing.discount)}</dd>
          </div>
        )}
        {method && (
          <div className={rowClass}>
            <dt className="text-gray-700">Shipping ({method.name})</dt>
            <dd className="font-semibold tabular-nums">{shippingPrice(pricing.shipping)}</dd>
          </div>
        )}
        {pricing.tax > 0 && (
          <div className={rowClass}>
            <dt className="text-gray-700">
              Sales tax{pricing.taxRate !== null && ` (${taxRatePercent(pricing.taxRate)})`}
            </dt>
            <dd className="font-semibold tabular-nums">{money(pricing.tax)}</dd>
          </div>
        )}
        {extras && (
          <div className={`${rowClass} border-t border-gray-200 pt-3`}>
            <dt className="text-base font-bold">Total</dt>
            <dd className="text-2xl font-black tabular-nums">{money(pricing.total)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-5 border-t border-gray-200 pt-5">
        <DiscountCodeField code={code} pricing={pricing} />
      </div>
    </section>
  );
}
