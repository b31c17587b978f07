import { apiUrl } from './api-url.js';

const one = (id: string) => `/drops/${encodeURIComponent(id)}`;

/**
 * The drops' reads (issue 36), one URL per answer: the browser's hooks fetch them and the route
 * table names them as the pages' preload hints, so both build them here (as catalog-urls.ts).
 */
export const dropUrls = {
  /** Drops not long over, soonest first; `shoeId` for one shoe's. */
  list: (shoeId?: string) => apiUrl('/drops', { shoe: shoeId }),
  drop: (id: string) => apiUrl(one(id)),
  result: (id: string) => apiUrl(`${one(id)}/result`),
  entries: (id: string) => apiUrl(`${one(id)}/entries`),
  /** A first-come drop's waiting room: join (POST) and poll (GET); the place is in a cookie. */
  queue: (id: string) => apiUrl(`${one(id)}/queue`),
  purchase: (id: string) => apiUrl(`${one(id)}/purchase`),
  myEntries: () => apiUrl('/account/drop-entries'),
  adminList: () => apiUrl('/admin/drops'),
  adminDrop: (id: string) => apiUrl(`/admin${one(id)}`),
  adminEntries: (id: string) => apiUrl(`/admin${one(id)}/entries`),
  adminClose: (id: string) => apiUrl(`/admin${one(id)}/close`),
  adminCancel: (id: string) => apiUrl(`/admin${one(id)}/cancel`),
};
