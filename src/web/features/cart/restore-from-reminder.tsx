import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../api/use-session';
import { textLinkClass } from '../../components/forms/button-class';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';

const noteClass = 'mt-4 rounded-xl bg-paper px-3 py-2.5 text-sm text-gray-700';

/**
 * `/cart?restore=<token>`, a reminder mail's link (docs/decisions/029): signed in, the mailed pairs
 * are merged into the saved cart and come onto this device (cart-sync's restore); a visitor is asked
 * to sign in and comes back to the same link. The token is taken out of the address once used.
 */
export function RestoreFromReminder() {
  const [params, setParams] = useSearchParams();
  const token = params.get('restore');
  const session = useSession();
  const userId = session.data === undefined ? undefined : (session.data?._id ?? null);
  const [outcome, setOutcome] = useState<'restored' | 'refused' | null>(null);

  useEffect(() => {
    if (!token || !userId) return;
    let cancelled = false;
    void import('../../lib/cart/cart-sync')
      .then((sync) => sync.restoreReminderCart(token))
      .then((restored) => {
        if (cancelled) return;
        setOutcome(restored ? 'restored' : 'refused');
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('restore');
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [token, userId, setParams]);

  if (outcome === 'restored')
    return (
      <p role="status" className={noteClass}>
        Your cart is back, at today’s prices.
      </p>
    );
  if (outcome === 'refused')
    return (
      <p role="status" className={noteClass}>
        This cart link is not valid any more, or was mailed to another account.
      </p>
    );
  if (token && userId === null) {
    const back: SignInRedirectState = { from: `${paths.cart}?restore=${encodeURIComponent(token)}` };
    return (
      <p className={noteClass}>
        <Link to={paths.signIn} state={back} className={textLinkClass}>
          Sign in
        </Link>{' '}
        to bring back the cart from your reminder.
      </p>
    );
  }
  return null;
}
