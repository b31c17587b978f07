import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { pageOf } from '../../../domain/paging';
import { useFavorites } from '../../api/use-favorites';
import { useSession } from '../../api/use-session';
import { EmptyState } from '../../components/empty-state';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { usePageOffset } from '../../components/use-page-offset';
import { paths } from '../../paths';
import { FavoriteAlertsSwitch } from './favorite-alerts-switch';

/**
 * `/favorites` (inside RequireUser): 'MY FAVORITES!', the signed-in user's favorite shoes,
 * newest first, 8 per page (spec §2). The whole list is loaded once and paged here.
 */
export default function FavoritesPage() {
  const { data: user } = useSession();
  const { data: favorites, isPending, isError } = useFavorites(user?._id);
  const paging = usePageOffset(PAGE_SIZE.favorites);

  let fallback;
  if (isError) {
    fallback = <EmptyState title={MESSAGES.common.somethingWrong} />;
  } else if (!isPending && favorites.length === 0) {
    fallback = (
      <EmptyState title="No favorites yet">
        <p className="text-sm text-gray-700">Tap the heart on a shoe you like to keep it here.</p>
        <Link
          to={paths.shoes}
          className="mt-2 inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm font-bold text-white transition-colors hover:bg-accent-dark"
        >
          Browse shoes
        </Link>
      </EmptyState>
    );
  }

  return (
    <ShoeListingLayout
      eyebrow="Saved"
      title={MESSAGES.pages.favoritesHeading}
      description={
        <>
          The pairs you loved, newest first.
          {user && <FavoriteAlertsSwitch userId={user._id} />}
        </>
      }
      shoes={{
        data: favorites && {
          items: pageOf(favorites, paging.offset, PAGE_SIZE.favorites),
          total: favorites.length,
        },
        isPending,
        isPlaceholderData: false,
      }}
      paging={paging}
      columns={4}
      fallback={fallback}
    />
  );
}
