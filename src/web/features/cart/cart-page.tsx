import { ArrowLeft } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usStateCode } from '../../../domain/us-states';
import type { Order } from '../../../domain/payment';
import { useCartStock } from './api/use-cart-stock';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { MESSAGES } from '../../../domain/messages';
import { PAGE_WIDTH } from '../../components/page-width';
import { userKeys } from '../../api/query-keys';
import { lineStockStatus } from '../../lib/cart/line-stock';
import { refreshSavedCart, useSavedCartChanges } from '../../lib/cart/saved-cart-store';
import { useCart } from '../../lib/cart/use-cart';
import { JUST_PAID } from '../../lib/order-confirmation';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../paths';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { LineChanges } from './line-changes';
import { useCartQuote } from './api/use-cart-quote';
import { ShippingChoice } from '../../components/shipping-choice';
import { useDiscountCode } from '../../lib/cart/discount-code-store';
import { RestoreFromReminder } from './restore-from-reminder';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [shippingMethod, setShippingMethod] = useState<string | null>(null);
  // The sales tax follows the delivery state as it is typed: asked once typing pauses, and only for
  // a real state (a half-typed one asks nothing), by its code so "NC" and "North Carolina" are one.
  const [typedState, setTypedState] = useState('');
  const state = usStateCode(typedState);
  const settledState = usStateCode(useDebouncedValue(typedState, 400));
  const pricing = useCartQuote(lines, {
    code,
    shippingMethod,
    state: settledState,
    settling: state !== settledState,
  });
  const stock = lines.map((line) => lineStockStatus(line.quantity, stockOf(line)));
  // A signed-in shopper's cart kept on the account: read again as the page opens, for what changed.
  const changesOf = useSavedCartChanges();
  useEffect(() => refreshSavedCart(), []);

  // Paid: the order's own page is the confirmation (README, "After paying"), stable on reload; it
  // opens at once with the order the checkout answered, then reads it again.
  const onPaid = useCallback(
    (order: Order) => {
      queryClient.setQueryData(userKeys.order(order.idPayment), order);
      void navigate(paths.order(order.idPayment), { state: JUST_PAID });
    },
    [navigate, queryClient],
  );

  const continueShopping = (
    <Link to={paths.shoes} className={continueClass}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Continue Shopping
    </Link>
  );

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="Your bag" title="Cart" />
      <RestoreFromReminder />
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
                  changes={<LineChanges line={line} changes={changesOf(line)} stock={stock[index]!} />}
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
                onPaid={onPaid}
                pricing={pricing}
                onDeliveryStateChange={setTypedState}
                shippingChoice={
                  <ShippingChoice
                    offers={pricing.shippingMethods}
                    priced={pricing.shippingMethod}
                    pending={pricing.pending}
                    chosen={shippingMethod}
                    onChoose={setShippingMethod}
                  />
                }
              />
            </Suspense>
          </div>
        </div>
      )}
    </div>
  );
}
