import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogUrls } from '../../../../domain/catalog-urls';
import { getData, lazySchema } from '../../../api/http';
import { catalogKeys } from '../../../api/query-keys';

const alsoLikeSchema = lazySchema((schemas) => schemas.alsoLike);

/**
 * `GET /api/shoes/{id}/also-like` (public, cached by the server): without `size` it is what the
 * server renders into the page for everyone; with the shopper's size the browser asks again.
 */
export function alsoLikeQuery(shoeId: string, size: string | undefined) {
  return queryOptions({
    queryKey: [...catalogKeys.all, 'also-like', shoeId, size ?? null] as const,
    queryFn: ({ signal }) => getData(catalogUrls.alsoLike(shoeId, size), alsoLikeSchema, signal),
  });
}

/** The row's shoes; while the shopper's size is asked for, the row for any size stays shown. */
export function useAlsoLike(shoeId: string, size: string | undefined) {
  return useQuery({ ...alsoLikeQuery(shoeId, size), placeholderData: keepPreviousData });
}
