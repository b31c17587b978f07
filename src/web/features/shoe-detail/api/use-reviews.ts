import { catalogUrls } from '../../../../domain/catalog-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getData, lazySchema } from '../../../api/http';
import { reviewKeys } from '../../../api/query-keys';

const reviewsSchema = lazySchema((schemas) => schemas.reviewList);

/**
 * `GET /api/reviews/{shoeId}`: the shoe's reviews, newest first (public). `own` marks the
 * signed-in user's review, so the cache entry belongs to `userId` (undefined for a visitor).
 */
export function reviewsQuery(shoeId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: reviewKeys.list(shoeId, userId),
    queryFn: ({ signal }) => getData(catalogUrls.reviews(shoeId), reviewsSchema, signal),
  });
}

export function useReviews(shoeId: string, userId: string | undefined) {
  return useQuery(reviewsQuery(shoeId, userId));
}
