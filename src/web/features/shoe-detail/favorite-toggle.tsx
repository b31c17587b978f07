import { Heart } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useAddFavorite } from './api/add-favorite';
import { ApiError, errorMessage } from '../../api/http';
import { useRemoveFavorite } from './api/remove-favorite';
import { useFavorites } from '../../api/use-favorites';
import { useSession } from '../../api/use-session';
import type { SignInRedirectState } from '../../components/guards/require-user';
import { paths } from '../../paths';

/**
 * The heart of the detail page (spec §4): outline adds the shoe to the user's favorites,
 * filled removes it. A visitor is sent to sign in and comes back here afterwards.
 */
export function FavoriteToggle({ shoe, className = '' }: { shoe: Shoe; className?: string }) {
  const session = useSession();
  const user = session.data;
  const favoritesQuery = useFavorites(user?._id);
  const favorites = favoritesQuery.data;
  // Who is signed in, and then their favorites, arrive after the page: a press before that waits
  // for them rather than guessing (a press kept from before the app ran lands here too).
  const known = !session.isPending && (!user || !favoritesQuery.isPending);
  const [pressesWaiting, setPressesWaiting] = useState(0);
  const pressesDone = useRef(0);
  const waiting = !known && pressesWaiting > 0;
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const navigate = useNavigate();
  const location = useLocation();

  // Until the list arrives the heart reads as "absent": adding twice keeps one record.
  const isFavorite = favorites?.some((favorite) => favorite._id === shoe._id) ?? false;
  const busy = add.isPending || remove.isPending || waiting;

  function goSignIn(): void {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    void navigate(paths.signIn, { state });
  }

  function onError(error: unknown): void {
    // The session ended meanwhile (expired, signed out in another tab).
    if (error instanceof ApiError && error.status === 401) {
      goSignIn();
      return;
    }
    toast.error(errorMessage(error), { id: 'favorite-error', duration: NOTICE_MS.error });
  }

  function act(): void {
    if (!user) {
      goSignIn();
      return;
    }
    if (isFavorite) {
      remove.mutate(
        { userId: user._id, shoeId: shoe._id },
        {
          onSuccess: () =>
            toast.success(MESSAGES.favorites.removed, { id: 'favorite', duration: NOTICE_MS.success }),
          onError,
        },
      );
    } else {
      add.mutate(
        { userId: user._id, shoe },
        {
          onSuccess: () =>
            toast.success(MESSAGES.favorites.added, { id: 'favorite', duration: NOTICE_MS.success }),
          onError,
        },
      );
    }
  }

  function toggle(): void {
    if (busy) return;
    if (known) act();
    // One press, however many times it was pressed while waiting.
    else setPressesWaiting(pressesDone.current + 1);
  }

  const actOnce = useEffectEvent(() => act());
  useEffect(() => {
    if (!known || pressesWaiting <= pressesDone.current) return;
    pressesDone.current = pressesWaiting;
    actOnce();
  }, [known, pressesWaiting]);

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      // Not `disabled`: the button keeps keyboard focus while the request runs.
      aria-disabled={busy || undefined}
      title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-ink transition-colors hover:bg-ink/5 active:scale-[0.98] aria-disabled:cursor-wait aria-disabled:opacity-60 ${isFavorite ? 'text-deal' : 'text-ink'} ${className}`}
    >
      <Heart aria-hidden="true" className="size-5" fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
