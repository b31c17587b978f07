import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Shoe } from '../../domain/catalog';
import { apiUrl, getData, lazySchema } from './http';
import { userKeys } from './query-keys';

const favoritesSchema = lazySchema((schemas) => schemas.shoeList);

/**
 * `GET /api/favorites/{userId}`: the user's favorite shoes, newest first (at most 500, so the
 * pages page through the loaded list). A missing `userId` (nobody signed in) never fetches.
 */
export function useFavorites(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.favorites(userId ?? ''),
    queryFn: ({ signal }) =>
      getData(apiUrl(`/favorites/${encodeURIComponent(userId ?? '')}`), favoritesSchema, signal),
    enabled: Boolean(userId),
  });
}

/**
 * After an add or a removal: the cached list changes at once (the heart and /favorites agree
 * without waiting), then the server's list is fetched again.
 */
export async function updateFavorites(
  queryClient: QueryClient,
  userId: string,
  update: (favorites: Shoe[]) => Shoe[],
): Promise<void> {
  const queryKey = userKeys.favorites(userId);
  // A fetch that started before the change must not overwrite it with the old list.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<Shoe[]>(queryKey, (current) => (current ? update(current) : current));
  // Not awaited: the mutation (and its notice) need not wait for the refetch.
  void queryClient.invalidateQueries({ queryKey });
}
