import { useEffect } from 'react';
import { useSession } from '../../api/use-session';
import { readSyncState } from './saved-cart-store';

/**
 * The app's shell keeps a signed-in shopper's cart equal to the one saved on the account
 * (cart-sync.ts, loaded only then); once they sign out, the account's cart leaves the device.
 */
export function useCartFollowsShopper(): void {
  const session = useSession();
  // undefined while the session is not known yet: nothing is done until it is.
  const userId = session.data === undefined ? undefined : (session.data?._id ?? null);
  useEffect(() => {
    if (userId === undefined) return;
    if (userId === null) {
      if (readSyncState()) void import('./cart-sync').then((sync) => sync.forgetSignedOutCart());
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./cart-sync').then((sync) => {
      if (!cancelled) stop = sync.startCartSync(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}
