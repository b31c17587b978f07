import { formatPrice, itemCount, subtotal, type CartLine } from '../../../domain/cart-lines';

/** Item count and subtotal of the cart; the payment form sits under it. */
export function CartSummary({ lines }: { lines: CartLine[] }) {
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
          <dd className="text-2xl font-black tabular-nums">{formatPrice(subtotal(lines))}</dd>
        </div>
      </dl>
    </section>
  );
}
