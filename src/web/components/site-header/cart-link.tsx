import { useId } from 'react';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { itemCount } from '../../../domain/cart-lines';
import { useCart } from '../../lib/cart/use-cart';
import { paths } from '../../paths';
import { headerIconClass } from './header-icon-class';

/** The cart icon with its item-count badge; the count is also read out as the link's description. */
export function CartLink() {
  const { lines } = useCart();
  const count = itemCount(lines);
  const badgeId = useId();
  return (
    <Link
      to={paths.cart}
      aria-label="Cart"
      aria-describedby={count > 0 ? badgeId : undefined}
      className={`relative ${headerIconClass}`}
    >
      <ShoppingBag aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          id={badgeId}
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-extrabold text-ink"
        >
          {count > 99 ? '99+' : count}
          <span className="sr-only"> {count === 1 ? 'item' : 'items'}</span>
        </span>
      )}
    </Link>
  );
}
