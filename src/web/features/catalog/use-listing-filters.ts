import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listingFilters, listingSearch, type Listing } from '../../../domain/listings';
import type { ShoeFilters } from '../../../domain/shoe-filters';

/**
 * A listing's filters and sort, kept in the page's URL (`?size=9.5&color=Red&sort=price_asc`): a
 * filtered page can be shared and reloaded, and every change is a history entry, so Back undoes
 * the last one. Any change returns to the first page (spec §2). `listing` must keep its identity
 * between renders (a constant, or memoised on the brand).
 */
export function useListingFilters(listing: Listing): [ShoeFilters, (next: ShoeFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => listingFilters(listing, searchParams), [listing, searchParams]);
  const setFilters = useCallback(
    (next: ShoeFilters) => setSearchParams(listingSearch(listing, next)),
    [listing, setSearchParams],
  );
  return [filters, setFilters];
}
