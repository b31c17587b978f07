import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogKeys, type ShoeListParams } from './query-keys';
import { catalogUrls } from '../../domain/catalog-urls';
import { fetchShoePage } from './shoe-page';

/**
 * `GET /api/shoes`: one server page, filtered and sorted. Paging, sorting or filtering keeps the
 * current page on screen until the next one arrives, unless `sameList` says the previous answer
 * belongs to another list (another brand's shoes must never show under this brand's title).
 */
export function useShoes(params: ShoeListParams, sameList?: (previous: ShoeListParams) => boolean) {
  return useQuery({
    queryKey: catalogKeys.shoes(params),
    queryFn: ({ signal }) => fetchShoePage(catalogUrls.shoes(params), signal),
    placeholderData: (previous, previousQuery) =>
      !sameList || (previousQuery && sameList(previousQuery.queryKey[2]))
        ? keepPreviousData(previous)
        : undefined,
  });
}
