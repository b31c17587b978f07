import { apiUrl } from './api-url.js';
import { filterParams, NO_FILTERS, type FilterScope, type ShoeFilters } from './shoe-filters.js';

export interface ShoeListUrlParams {
  offset: number;
  limit: number;
  filters?: ShoeFilters;
}

/**
 * The catalogue reads the storefront makes, one URL per answer. The browser's hooks fetch them and
 * the server names them as preload hints (src/server/web/page-preloads.ts); the browser only reuses a
 * preloaded answer for the very same URL, parameter order included, so both build them here.
 */
export const catalogUrls = {
  brands: () => apiUrl('/brands'),
  session: () => apiUrl('/account/session'),
  shoe: (id: string) => apiUrl(`/shoes/${encodeURIComponent(id)}`),
  reviews: (shoeId: string) => apiUrl(`/reviews/${encodeURIComponent(shoeId)}`),
  /** "You may also like" (issue 35 item 4): `size` when the shopper's size is known on the device. */
  alsoLike: (id: string, size?: string) => apiUrl(`/shoes/${encodeURIComponent(id)}/also-like`, { size }),
  shoes: ({ offset, limit, filters = NO_FILTERS }: ShoeListUrlParams) =>
    apiUrl('/shoes', { offset, limit, ...filterParams(filters) }),
  /** The sort changes no count: left out, so every order of a list shares one answer. */
  facets: (filters: ShoeFilters, scope: readonly FilterScope[]) =>
    apiUrl('/shoes/facets', { ...filterParams({ ...filters, sort: undefined }), scope }),
  onSale: (offset: number, limit: number) => apiUrl('/shoes/onSale', { offset, limit }),
};
