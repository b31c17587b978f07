/** Business constants of spec §9 and the page sizes of spec §4. */
export const SHOP_NAME = 'Sneaker Street';

/** How many deals the home page's carousel cycles through, cheapest first. */
export const HOME_CAROUSEL_SIZE = 12;

/** Shoes the header's search shows: enough to choose from in a side panel (best matches first). */
export const SEARCH_LIMIT = 20;

export const PAGE_SIZE = {
  /** `/shoes` and the home listing (the all-shoes collection view). */
  collection: 6,
  /** `/collections/{brand}`. */
  brandCatalogue: 28,
  sale: 8,
  favorites: 8,
  adminUsers: 4,
  adminOrders: 4,
  adminShoes: 5,
  adminBrands: 4,
  adminDiscounts: 4,
  adminReturns: 4,
} as const;

/** Days after an order is marked Received during which its shopper may ask to return pairs (issue 19). */
export const RETURN_WINDOW_DAYS = 30;

/** Upper bound of any catalogue list request: every list endpoint is bounded. */
export const MAX_LIST_LIMIT = 100;
export const DEFAULT_LIST_LIMIT = 28;
export const MAX_SEARCH_LENGTH = 100;

/** The shoe page says "Only N left" from this many pairs of the chosen size down. */
export const LOW_STOCK = 3;

export const CART_STORAGE_KEY = 'carrito';
/** The discount code applied to the stored cart, beside it (the cart itself stays the spec's list). */
export const DISCOUNT_CODE_STORAGE_KEY = 'carrito-code';

/**
 * The id of the JSON data block holding the answers a page was rendered with on the server: the
 * server writes it (src/server/web/page-html.ts), the browser reads it before hydrating.
 */
export const SERVER_STATE_ID = 'shop-state';

/**
 * The id of the JSON data block listing the scripts a page runs (the app, the page's chunk and the parts
 * they load at once): the server writes it, the entry asks for all of them at once after the first paint.
 */
export const PAGE_CODE_ID = 'page-code';

/** Notification timers in milliseconds (spec §9). */
export const NOTICE_MS = {
  success: 2000,
  error: 3000,
  payment: 5000,
  admin: 3000,
  adminEmail: 2000,
} as const;

export const ORDER_STATUSES = ['Pending', 'Received'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The admin's status edit (spec §4): Pending becomes Received, any other value becomes Pending. */
export function nextOrderStatus(status: string): OrderStatus {
  return status === 'Pending' ? 'Received' : 'Pending';
}

export const USER_STATUSES = ['Enabled', 'Disabled', 'Eliminated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const RATING = { min: 1, max: 5, default: 1 } as const;

/** Contact form message length (spec §5). */
export const CONTACT_MESSAGE_LENGTH = { min: 20, max: 500 } as const;
