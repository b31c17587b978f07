import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './query-keys';
import { catalogUrls } from '../../domain/catalog-urls';
import { fetchShoePage } from './shoe-page';

/** `GET /api/shoes/onSale`: shoes on sale, cheapest first (the server sorts). */
export function useOnSaleShoes(offset: number, limit: number) {
  return useQuery({
    queryKey: catalogKeys.onSale(offset, limit),
    queryFn: ({ signal }) => fetchShoePage(catalogUrls.onSale(offset, limit), signal),
    placeholderData: keepPreviousData,
  });
}
