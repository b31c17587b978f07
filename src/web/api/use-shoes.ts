import { useQuery } from '@tanstack/react-query';
import { catalogKeys, type ShoeListParams } from './query-keys';
import { catalogUrls } from '../../domain/catalog-urls';
import { fetchShoePage } from './shoe-page';

/** `GET /api/shoes`: one server page, optionally of one brand and colour, sorted by price. */
export function useShoes(params: ShoeListParams) {
  return useQuery({
    queryKey: catalogKeys.shoes(params),
    queryFn: ({ signal }) => fetchShoePage(catalogUrls.shoes(params), signal),
    // Paging, sorting or filtering keeps the current page on screen until the next one arrives
    // (keepPreviousData), but another brand's shoes must never show under this brand's title.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].brand === params.brand ? previous : undefined,
  });
}
