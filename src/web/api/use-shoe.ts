import { catalogUrls } from '../../domain/catalog-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getData, isNotFound, lazySchema } from './http';

const shoeSchema = lazySchema((schemas) => schemas.shoe);
import { catalogKeys } from './query-keys';

/** `GET /api/shoes/{id}`; a 404 is an answer ("Shoe not found"), not a reason to retry. */
export function shoeQuery(id: string) {
  return queryOptions({
    queryKey: catalogKeys.shoe(id),
    queryFn: ({ signal }) => getData(catalogUrls.shoe(id), shoeSchema, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

export function useShoe(id: string) {
  return useQuery(shoeQuery(id));
}
