import { formatPrice, itemCount, type CartLine } from '../../../domain/cart-lines';
import type { CartPricing } from './api/use-cart-quote';
import { DiscountCodeField } from './discount-code-field';

const money = (cents: number) => formatPrice(cents / 100);

/** Item count, subtotal, the discount code and its line, and the total; the payment form sits under it. */
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
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="summary-heading" className="text-xl font-black tracking-tight">
        Order summary
      </h2>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-700">Items</dt>
          <dd className="font-semibold tabular-nums">{count}</dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-gray-200 pt-3">
          <dt className="text-base font-bold">Subtotal</dt>
          <dd className="text-2xl font-black tabular-nums">{money(pricing.subtotal)}</dd>
        </div>
        {pricing.code && (
          <>
            <div className="flex items-baseline justify-between text-emerald-800">
              <dt className="font-bold">Discount ({pricing.code})</dt>
              <dd className="font-bold tabular-nums">-{money(pricing.discount)}</dd>
            </div>
            <div className="flex items-baseline justify-between border-t border-gray-200 pt-3">
              <dt className="text-base font-bold">Total</dt>
              <dd className="text-2xl font-black tabular-nums">{money(pricing.total)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="mt-5 border-t border-gray-200 pt-5">
        <DiscountCodeField code={code} pricing={pricing} />
      </div>
    </section>
  );
}
