import {
  canonicalFilters,
  filterParams,
  readFilters,
  type FilterScope,
  type ShoeFilters,
} from './shoe-filters.js';
import type { ShoeSort } from './sorts.js';

/**
 * The filtered listings: the whole catalogue, a brand's collection, the sale, and a search's results
 * (`/search?q=`, its text as typed).
 */
export type Listing =
  { kind: 'all' } | { kind: 'brand'; brand: string } | { kind: 'sale' } | { kind: 'search'; q: string };

/** The `/search` page's parameter holding the search text. */
export const SEARCH_PARAM = 'q';

/** What a listing shows before any choice: the sale cheapest first (spec §2), the others by name. */
function fixedFilters(listing: Listing): Partial<ShoeFilters> {
  if (listing.kind === 'brand') return { brands: [listing.brand] };
  if (listing.kind === 'sale') return { onSale: true };
  if (listing.kind === 'search') return { search: listing.q };
  return {};
}

export function defaultSort(listing: Listing): ShoeSort | undefined {
  return listing.kind === 'sale' ? 'price_asc' : undefined;
}

/**
 * The filters a listing's page applies, from its URL: the shopper's choices, with the listing's own
 * bound (its brand, the sale) in place of whatever the URL says about it. The browser's hooks and
 * the server's preloads (domain/routes.ts) both read a page's filters here.
 */
export function listingFilters(listing: Listing, params: URLSearchParams): ShoeFilters {
  const chosen = readFilters(params);
  return canonicalFilters({ ...chosen, ...fixedFilters(listing), sort: chosen.sort ?? defaultSort(listing) });
}

/** The filters that bound a listing: its facets list values found within them. */
export function listingScope(listing: Listing): FilterScope[] {
  if (listing.kind === 'brand') return ['brand'];
  if (listing.kind === 'sale') return ['onSale'];
  return [];
}

/** The page URL's query for these filters: the listing's bound and its default sort go without saying. */
export function listingSearch(listing: Listing, filters: ShoeFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (listing.kind === 'search') search.set(SEARCH_PARAM, listing.q);
  const params = filterParams(filters);
  for (const [key, value] of Object.entries(params)) {
    // The search is the listing's own (`q` above), never a filter of the page's URL.
    if (key === 'name') continue;
    if (listing.kind === 'brand' && key === 'brand') continue;
    if (listing.kind === 'sale' && key === 'onSale') continue;
    if (key === 'sort' && value === defaultSort(listing)) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else if (value !== undefined) search.set(key, String(value));
  }
  return search;
}
