import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCart } from '../../lib/cart/use-cart';
import { paths } from '../../paths';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';

const continueClass =
  'inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm font-bold transition-colors hover:bg-ink hover:text-white';

/** `/cart`: the lines, Clear Cart, Continue Shopping and the subtotal (spec §2 "Cart"). */
export default function CartPage() {
  useDocumentTitle('Cart');
  const { lines, increment, decrement, remove, clear } = useCart();

  const continueShopping = (
    <Link to={paths.shoes} className={continueClass}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Continue Shopping
    </Link>
  );

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="Your bag" title="Cart" />
      {lines.length === 0 ? (
        <EmptyState title="Your cart is empty">
          <p className="max-w-sm text-gray-700">Pick a pair you love, choose your size and press BUY ME!</p>
          <div className="mt-2">{continueShopping}</div>
        </EmptyState>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
          <section aria-labelledby="lines-heading">
            <h2 id="lines-heading" className="sr-only">
              Items in your cart
            </h2>
            <ul className="divide-y divide-gray-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-black/5 sm:px-6">
              {lines.map((line) => (
                <CartLineItem
                  key={`${line._id}:${line.size}`}
                  line={line}
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
          <CartSummary lines={lines} />
        </div>
      )}
    </div>
  );
}
