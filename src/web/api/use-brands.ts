import { catalogUrls } from '../../domain/catalog-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getData, lazySchema } from './http';
import { catalogKeys } from './query-keys';

const brandListSchema = lazySchema((schemas) => schemas.brandList);

/** `GET /api/brands`: the header menu needs them on every page, so they stay fresh for a while. */
export function brandsQuery() {
  return queryOptions({
    queryKey: catalogKeys.brands(),
    queryFn: ({ signal }) => getData(catalogUrls.brands(), brandListSchema, signal),
    staleTime: 5 * 60_000,
  });
}

export function useBrands() {
  return useQuery(brandsQuery());
}
