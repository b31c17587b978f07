import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listingFilters, listingSearch, type Listing, type ShoeFilters } from '../../../domain/shoe-filters';

/**
 * A listing's filters and sort, kept in the page's URL (`?size=9.5&color=Red&sort=price_asc`): a
 * filtered page can be shared and reloaded, and every change is a history entry, so Back undoes
 * the last one. Any change returns to the first page (spec §2).
 */
export function useListingFilters(listing: Listing): [ShoeFilters, (next: ShoeFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = JSON.stringify(listing);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the listing's content
  const stable = useMemo(() => listing, [key]);
  const filters = useMemo(() => listingFilters(stable, searchParams), [stable, searchParams]);
  const setFilters = useCallback(
    (next: ShoeFilters) => setSearchParams(listingSearch(stable, next)),
    [stable, setSearchParams],
  );
  return [filters, setFilters];
}
