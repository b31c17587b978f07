import { ArrowLeft, ArrowRight, CircleCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../domain/payment';
import { useCartStock } from './api/use-cart-stock';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { MESSAGES } from '../../../domain/messages';
import { PAGE_WIDTH } from '../../components/page-width';
import { lineStockStatus } from '../../lib/cart/line-stock';
import { useCart } from '../../lib/cart/use-cart';
import { paths } from '../../paths';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { useCartQuote } from './api/use-cart-quote';
import { useDiscountCode } from '../../lib/cart/discount-code-store';

/**
 * The payment form (react-hook-form, Zod, the card field) loads once the cart has lines: an empty
 * cart, the page's first paint and its hydration do without that JavaScript.
 */
const PaymentForm = lazy(() => import('./payment-form').then((module) => ({ default: module.PaymentForm })));

const continueClass =
  'inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm font-bold transition-colors hover:bg-ink hover:text-white';

/**
 * `/cart`: the lines (limited by the real stock), Clear Cart, Continue Shopping, the subtotal
 * and the payment form (spec §2 "Cart").
 */
export default function CartPage() {
  const { lines, known, increment, decrement, remove, clear } = useCart();
  const { stockOf, refresh } = useCartStock(lines);
  const code = useDiscountCode();
  const pricing = useCartQuote(lines, code);
  const [paidOrder, setPaidOrder] = useState<Order | null>(null);
  const paidRef = useRef<HTMLDivElement>(null);

  // The form the shopper paid from is gone (the cart is empty now): take them to the confirmation.
  useEffect(() => {
    if (paidOrder) paidRef.current?.focus();
  }, [paidOrder]);
  const stock = lines.map((line) => lineStockStatus(line.quantity, stockOf(line)));

  const continueShopping = (
    <Link to={paths.shoes} className={continueClass}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Continue Shopping
    </Link>
  );

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="Your bag" title="Cart" />
      {/* Always rendered so screen readers announce the confirmation when it appears. */}
      <div role="status" className={paidOrder ? 'mb-8' : undefined}>
        {paidOrder && (
          <div
            ref={paidRef}
            tabIndex={-1}
            className="flex scroll-mt-32 flex-col gap-3 rounded-2xl bg-emerald-50 px-5 py-4 text-emerald-900 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex min-w-0 items-start gap-2 font-semibold">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span className="min-w-0">
                Order <span className="font-mono text-sm break-all">{paidOrder.idPayment}</span> is placed.
              </span>
            </p>
            <Link
              to={paths.order(paidOrder.idPayment)}
              className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-ink px-5 text-sm font-bold text-white transition-colors hover:bg-accent-dark"
            >
              View your order
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        )}
      </div>
      {!known || lines.length === 0 ? (
        // The server's HTML cannot know the stored cart: it says neither "empty" nor shows lines, but
        // has the empty cart's shape, so an empty cart only changes the words once the stored cart is
        // read (the page's largest text is then the one painted first, not a second one).
        <div role="status" aria-busy={!known}>
          <EmptyState title={known ? 'Your cart is empty' : MESSAGES.pages.loading}>
            <p className="max-w-sm text-gray-700">
              {known
                ? 'Pick a pair you love, choose your size and press BUY ME!'
                : 'Looking for the pairs you picked, in your sizes and at their prices...'}
            </p>
            <div className="mt-2">{continueShopping}</div>
          </EmptyState>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
          <section aria-labelledby="lines-heading">
            <h2 id="lines-heading" className="sr-only">
              Items in your cart
            </h2>
            <ul className="divide-y divide-gray-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-black/5 sm:px-6">
              {lines.map((line, index) => (
                <CartLineItem
                  key={`${line._id}:${line.size}`}
                  line={line}
                  stock={stock[index]!}
                  onIncrement={increment}
                  onDecrement={decrement}
                  onRemove={remove}
                />
              ))}
            </ul>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
              {continueShopping}
              <button
                type="button"
                onClick={clear}
                className="inline-flex h-11 items-center rounded-full px-5 text-sm font-bold text-deal transition-colors hover:bg-red-50"
              >
                Clear Cart
              </button>
            </div>
          </section>
          <div className="flex flex-col gap-6">
            <CartSummary lines={lines} code={code} pricing={pricing} />
            <Suspense fallback={<PageLoading />}>
              <PaymentForm
                lines={lines}
                blocked={stock.some((status) => status.blocked)}
                refreshShoes={refresh}
                onPaid={setPaidOrder}
                pricing={pricing}
              />
            </Suspense>
          </div>
        </div>
      )}
    </div>
  );
}
