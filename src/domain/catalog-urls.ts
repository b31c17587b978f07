import { apiUrl } from './api-url.js';
import type { ShoeSort } from './sorts.js';

export interface ShoeListUrlParams {
  offset: number;
  limit: number;
  brand?: string;
  color?: string;
  sort?: ShoeSort;
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
  colors: (brand: string | undefined) => apiUrl('/shoes/colors', { brand }),
  shoes: ({ offset, limit, brand, color, sort }: ShoeListUrlParams) =>
    apiUrl('/shoes', { offset, limit, brand, color, sort }),
  onSale: (offset: number, limit: number) => apiUrl('/shoes/onSale', { offset, limit }),
};
