import { Link } from 'react-router';
import { NOTICE_MS } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { toast } from '../lib/toast';
import { paths } from '../paths';

/**
 * The spec's `Your shoe add to cart`, with a way on to the cart (issue 32). A link, so it opens like
 * any other (a new tab too); sonner pauses the notice while the pointer or the keyboard focus is in it.
 */
export function showAddedToCart(): void {
  toast.success(MESSAGES.cart.added, {
    // A fixed id: a second pair refreshes the notice instead of stacking copies.
    id: 'added-to-cart',
    duration: NOTICE_MS.success,
    description: (
      <Link
        to={paths.cart}
        onClick={() => toast.dismiss('added-to-cart')}
        className="font-bold text-ink underline underline-offset-4 hover:text-accent-dark"
      >
        {MESSAGES.cart.viewCart}
      </Link>
    ),
  });
}
