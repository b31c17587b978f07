import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogUrls } from '../../../../domain/catalog-urls';
import type { FilterScope, ShoeFilters } from '../../../../domain/shoe-filters';
import { getData, lazySchema } from '../../../api/http';
import { catalogKeys } from '../../../api/query-keys';

const facetsSchema = lazySchema((schemas) => schemas.shoeFacets);

/**
 * `GET /api/shoes/facets`: how many shoes each facet value would give. The counts on screen stay
 * until the next ones arrive, so a click never empties the panel.
 */
export function useFacets({ sort: _sort, ...filters }: ShoeFilters, scope: readonly FilterScope[]) {
  return useQuery({
    queryKey: catalogKeys.facets(filters, scope),
    queryFn: ({ signal }) => getData(catalogUrls.facets(filters, scope), facetsSchema, signal),
    placeholderData: keepPreviousData,
  });
}
