import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { textLinkClass } from '../../components/forms/button-class';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';

/** Signed in, the shopper comes back to the cart (and the addresses they typed, address-draft.ts). */
export const BACK_TO_CART: SignInRedirectState = { from: paths.cart };

/**
 * Paying needs an account (spec §6, §8): said before a visitor types anything, not only once they
 * press PAY, with the ways to get one that bring them back here.
 */
export function AccountNeeded() {
  return (
    <p className="mt-4 flex items-start gap-2 rounded-xl bg-paper px-3 py-2.5 text-sm text-gray-700">
      <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-dark" />
      <span>
        Paying needs an account:{' '}
        <Link to={paths.signIn} state={BACK_TO_CART} className={textLinkClass}>
          sign in
        </Link>{' '}
        or{' '}
        <Link to={paths.createAccount} state={BACK_TO_CART} className={textLinkClass}>
          create one
        </Link>
        . The address you type here is kept for when you come back.
      </span>
    </p>
  );
}
