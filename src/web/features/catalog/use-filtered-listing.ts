import { listingScope, listingSearch, type Listing } from '../../../domain/listings';
import type { ShoeFilters } from '../../../domain/shoe-filters';
import { useShoes } from '../../api/use-shoes';
import { usePageOffset } from '../../components/use-page-offset';
import { useFacets } from './api/use-facets';
import { useListingFilters } from './use-listing-filters';

/** How many values a shopper chose (the listing's own bound and the sort aside), for the drawer's button. */
function chosenCount(listing: Listing, filters: ShoeFilters): number {
  const search = listingSearch(listing, { ...filters, sort: undefined });
  const price = search.has('minPrice') || search.has('maxPrice') ? 1 : 0;
  return (
    search.getAll('size').length +
    search.getAll('color').length +
    search.getAll('brand').length +
    price +
    (search.has('onSale') ? 1 : 0)
  );
}

/** A filtered listing's state: its filters (in the URL), page, shoes and facet counts. */
export function useFilteredListing(listing: Listing, pageSize: number) {
  const [filters, setFilters] = useListingFilters(listing);
  const paging = usePageOffset(pageSize);
  const shoes = useShoes(
    { offset: paging.offset, limit: pageSize, filters },
    // Another brand's shoes must never show under this brand's title while the page changes.
    listing.kind === 'brand'
      ? (previous) => previous.filters?.brands.join() === filters.brands.join()
      : undefined,
  );
  const facets = useFacets(filters, listingScope(listing));
  const chosen = chosenCount(listing, filters);
  // One size filtered: the cards start with it chosen; with several, the shopper's pick is not known.
  const preselectedSize = filters.sizes.length === 1 ? filters.sizes[0] : undefined;
  return { filters, setFilters, paging, shoes, facets: facets.data, chosen, preselectedSize };
}

export type FilteredListing = ReturnType<typeof useFilteredListing>;
