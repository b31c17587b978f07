import type { FilterScope, ShoeFilters } from '../../domain/shoe-filters';
import type { DiscountListQuery } from '../../domain/contracts/discounts';

export interface ShoeListParams {
  offset: number;
  limit: number;
  filters?: ShoeFilters;
}

/**
 * Every catalogue query key starts with `catalog`, so one
 * `invalidateQueries({ queryKey: catalogKeys.all })` refreshes them all after an admin edit.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  shoes: (params: ShoeListParams) => ['catalog', 'shoes', params] as const,
  shoe: (id: string) => ['catalog', 'shoe', id] as const,
  facets: (filters: ShoeFilters, scope: readonly FilterScope[]) =>
    ['catalog', 'facets', { filters, scope }] as const,
  onSale: (offset: number, limit: number) => ['catalog', 'on-sale', { offset, limit }] as const,
  brands: () => ['catalog', 'brands'] as const,
  search: (name: string) => ['catalog', 'search', name] as const,
};

/** The signed-in user (or null): `GET /api/account/session`. */
export const sessionKey = ['session'] as const;

/**
 * Queries that belong to the signed-in user (favorites, orders...) start with `user`,
 * so signing out drops them all with one `removeQueries({ queryKey: userKeys.all })`.
 */
export const userKeys = {
  all: ['user'] as const,
  /** Every order query: a checkout refreshes them all. */
  orders: ['user', 'orders'] as const,
  userOrders: (userId: string) => ['user', 'orders', 'list', userId] as const,
  order: (idPayment: string) => ['user', 'orders', 'one', idPayment] as const,
  /** `GET /api/account/passkeys`: the user's passkeys. */
  passkeys: ['user', 'passkeys'] as const,
  /** `GET /api/account/sessions`: where the user is signed in. */
  sessions: ['user', 'sessions'] as const,
  /** `GET /api/favorites/{userId}`: the user's favorite shoes. */
  favorites: (userId: string) => ['user', 'favorites', userId] as const,
  /** `GET /api/account/drop-entries`: the user's entries to drops. */
  dropEntries: ['user', 'drop-entries'] as const,
  /** `GET /api/drops/{id}/queue`: the user's place in a first-come drop's waiting room (its cookie). */
  dropQueue: (dropId: string) => ['user', 'drop-queue', dropId] as const,
};

/** Which sign-in providers the server has configured. */
export const providersKey = ['account', 'providers'] as const;

/**
 * `GET /api/reviews/{shoeId}`: keyed by the signed-in user too, since each review's `own`
 * depends on who asks. `reviewKeys.shoe(shoeId)` refreshes every user's copy of one shoe.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  shoe: (shoeId: string) => ['reviews', shoeId] as const,
  list: (shoeId: string, userId: string | undefined) => ['reviews', shoeId, userId ?? 'visitor'] as const,
};

/**
 * Admin panel queries start with `admin`; an admin change refreshes them with
 * `invalidateQueries({ queryKey: adminKeys.all })` (and `catalogKeys.all` when it touched shoes).
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, offset: number) => ['admin', 'users', { q, offset }] as const,
  orders: (q: string, offset: number) => ['admin', 'orders', { q, offset }] as const,
  order: (idPayment: string) => ['admin', 'order', idPayment] as const,
  shoes: (q: string, offset: number) => ['admin', 'shoes', { q, offset }] as const,
  brands: (q: string, offset: number) => ['admin', 'brands', { q, offset }] as const,
  discounts: (q: string, offset: number, personal: DiscountListQuery['personal']) =>
    ['admin', 'discounts', { q, offset, personal }] as const,
  discount: (id: string) => ['admin', 'discount', id] as const,
  returns: (q: string, offset: number) => ['admin', 'returns', { q, offset }] as const,
  audit: (actor: string, action: string, offset: number) =>
    ['admin', 'audit', { actor, action, offset }] as const,
  stats: ['admin', 'stats'] as const,
  shippingMethods: ['admin', 'shipping-methods'] as const,
  taxRates: ['admin', 'tax-rates'] as const,
  pageViews: ['admin', 'page-views'] as const,
  drops: ['admin', 'drops'] as const,
  drop: (id: string) => ['admin', 'drops', 'one', id] as const,
  dropEntries: (id: string) => ['admin', 'drops', 'entries', id] as const,
};

/** The drops as anyone sees them (issue 36): a shopper's entry refreshes them all. */
export const dropKeys = {
  all: ['drops'] as const,
  list: (shoeId: string | undefined) => ['drops', 'list', shoeId ?? 'all'] as const,
  drop: (id: string) => ['drops', 'one', id] as const,
  result: (id: string) => ['drops', 'result', id] as const,
};

/** `POST /api/cart/quote`: the cart priced with its discount code. */
export const cartQuoteKeys = {
  all: ['cart', 'quote'] as const,
  quote: (shoes: unknown[], code: string) => ['cart', 'quote', shoes, code] as const,
};
