import { catalogUrls } from './catalog-urls.js';
import { dropUrls } from './drop-urls.js';
import { HOME_CAROUSEL_SIZE, PAGE_SIZE } from './constants.js';
import { MESSAGES } from './messages.js';
import { offsetOfPage } from './paging.js';
import { listingFilters, listingScope, SEARCH_PARAM, type Listing } from './listings.js';

/**
 * Every page of the shop, in one table (docs/decisions/008). The browser's router, the guards, the
 * document titles, the server's titles and canonical heads, its preload hints, the page-view route
 * patterns, robots.txt and the sitemap are all derived from it: adding a page is one entry here
 * plus its screen module.
 */

/** Who may open a page: anyone, a signed-in user, or staff (the administrator or a manager). */
export type PageVisibility = 'public' | 'signed-in' | 'staff';

export interface PageRoute {
  /** React Router pattern: `/shoes/:id`. At most one parameter, as the last segment. */
  path: string;
  /** Other spellings of the same page (spec §2: `/aboutUs` as well as `/AboutUs`). */
  aliases?: readonly string[];
  /** The screen module, relative to src/web (its default export is the page; lazily loaded). */
  screen: string;
  visibility: PageVisibility;
  /**
   * The page's title when it does not depend on its data: the tab's title in the browser and the
   * `<title>` the server sends. Pages whose title comes from their data set it themselves.
   */
  title?: string;
  /** Listed in the sitemap and open to crawlers; every other page is disallowed in robots.txt. */
  indexed?: boolean;
  /**
   * The browser draws the content even when the server rendered the page (the stored cart, the
   * signed-in pages): its code is hinted with the HTML, as it is its first paint.
   */
  browserDrawn?: boolean;
  /** The API answers the page asks for as it renders (besides the layout's), as its hooks build them. */
  data?: (query: URLSearchParams, param: string | undefined) => string[];
}

const pageOffset = (query: URLSearchParams, pageSize: number) => offsetOfPage(query.get('page'), pageSize);

/** A filtered listing's answers: its page of shoes and its facets (features/catalog). */
function listingData(listing: Listing, query: URLSearchParams, pageSize: number): string[] {
  const filters = listingFilters(listing, query);
  return [
    catalogUrls.shoes({ offset: pageOffset(query, pageSize), limit: pageSize, filters }),
    catalogUrls.facets(filters, listingScope(listing)),
  ];
}

export const PAGES = {
  home: {
    path: '/',
    screen: 'features/home/home-page.tsx',
    visibility: 'public',
    indexed: true,
    data: (query) => [
      catalogUrls.onSale(0, HOME_CAROUSEL_SIZE),
      catalogUrls.shoes({ offset: pageOffset(query, PAGE_SIZE.collection), limit: PAGE_SIZE.collection }),
      dropUrls.list(),
    ],
  },
  shoes: {
    path: '/shoes',
    screen: 'features/catalog/shoes-page.tsx',
    visibility: 'public',
    title: 'All sneakers',
    indexed: true,
    data: (query) => listingData({ kind: 'all' }, query, PAGE_SIZE.collection),
  },
  shoe: {
    path: '/shoes/:id',
    screen: 'features/shoe-detail/shoe-detail-page.tsx',
    visibility: 'public',
    indexed: true,
    data: (_query, id) =>
      id === undefined
        ? []
        : [catalogUrls.shoe(id), catalogUrls.reviews(id), catalogUrls.alsoLike(id), dropUrls.list(id)],
  },
  /** A drop (issue 36): the shoe, the countdown, the entry form while open, and the draw's fairness. */
  drop: {
    path: '/drops/:id',
    screen: 'features/drops/drop-page.tsx',
    visibility: 'public',
    data: (_query, id) => (id === undefined ? [] : [dropUrls.drop(id)]),
  },
  collection: {
    path: '/collections/:brand',
    screen: 'features/catalog/collection-page.tsx',
    visibility: 'public',
    indexed: true,
    data: (query, brand) =>
      listingData({ kind: 'brand', brand: brand ?? '' }, query, PAGE_SIZE.brandCatalogue),
  },
  sale: {
    path: '/sale',
    screen: 'features/catalog/sale-page.tsx',
    visibility: 'public',
    title: 'On sale',
    indexed: true,
    data: (query) => listingData({ kind: 'sale' }, query, PAGE_SIZE.sale),
  },
  /** A search's results (issue 35 item 5): Enter in the header's search opens it; shareable. */
  search: {
    path: '/search',
    screen: 'features/catalog/search-page.tsx',
    visibility: 'public',
    data: (query) =>
      listingData({ kind: 'search', q: query.get(SEARCH_PARAM) ?? '' }, query, PAGE_SIZE.collection),
  },
  cart: {
    path: '/cart',
    screen: 'features/cart/cart-page.tsx',
    visibility: 'public',
    title: 'Cart',
    browserDrawn: true,
  },
  signIn: {
    path: '/signin',
    screen: 'features/auth/sign-in-page.tsx',
    visibility: 'public',
    title: 'Sign in',
  },
  createAccount: {
    path: '/createaccount',
    screen: 'features/auth/create-account-page.tsx',
    visibility: 'public',
    title: 'Create account',
  },
  forget: {
    path: '/forget',
    screen: 'features/auth/forget-page.tsx',
    visibility: 'public',
    title: MESSAGES.identity.recoverHeading,
  },
  /** Opened from the password-reset mail: `/reset-password?token=...`. */
  resetPassword: {
    path: '/reset-password',
    screen: 'features/auth/reset-password-page.tsx',
    visibility: 'public',
    title: 'Choose a new password',
  },
  /**
   * Opened from the email confirmation mail: `/verify-email?token=...`. The app takes the token out
   * of the address and sends it; before the app runs, a form with the token waits for a press.
   */
  verifyEmail: {
    path: '/verify-email',
    screen: 'features/auth/verify-email-page.tsx',
    visibility: 'public',
    title: 'Confirm your email',
  },
  account: {
    path: '/account',
    screen: 'features/account/account-page.tsx',
    visibility: 'signed-in',
    title: 'My Account',
    browserDrawn: true,
  },
  order: {
    path: '/order/:idPayment',
    screen: 'features/order/order-page.tsx',
    visibility: 'signed-in',
    browserDrawn: true,
  },
  favorites: {
    path: '/favorites',
    screen: 'features/favorites/favorites-page.tsx',
    visibility: 'signed-in',
    title: 'My favorites',
    browserDrawn: true,
  },
  admin: {
    path: '/admin',
    screen: 'features/admin-dashboard/admin-page.tsx',
    visibility: 'staff',
    title: 'Admin',
  },
  /** `/orders?order={idPayment}` shows one order; without it, a picker. */
  orders: {
    path: '/orders',
    screen: 'features/admin-orders/admin-order-page.tsx',
    visibility: 'staff',
  },
  createShoes: {
    path: '/createshoes',
    screen: 'features/admin-forms/create-shoe-page.tsx',
    visibility: 'staff',
  },
  createBrand: {
    path: '/createbrand',
    screen: 'features/admin-forms/create-brand-page.tsx',
    visibility: 'staff',
  },
  /** The size and modify forms work on the shoe named in `?shoe=`; without it they ask for one. */
  createSize: {
    path: '/createsize',
    screen: 'features/admin-forms/create-size-page.tsx',
    visibility: 'staff',
  },
  modifyShoe: {
    path: '/modifshoe',
    screen: 'features/admin-forms/modify-shoe-page.tsx',
    visibility: 'staff',
  },
  /** Create a discount code; with `?code={id}`, edit that one. */
  discountCode: {
    path: '/discountcode',
    screen: 'features/admin-forms/discount-code-page.tsx',
    visibility: 'staff',
  },
  /** The staff's shipping methods (issue 31 item 5). */
  shipping: {
    path: '/shipping',
    screen: 'features/admin-forms/shipping-page.tsx',
    visibility: 'staff',
    title: 'Shipping',
  },
  /** The staff's sales tax per state (issue 31 item 6). */
  salesTax: {
    path: '/salestax',
    screen: 'features/admin-forms/sales-tax-page.tsx',
    visibility: 'staff',
    title: 'Sales tax',
  },
  /** The catalogue CSV import (issue 33 item 3); `?import={id}` shows one import. */
  importCatalogue: {
    path: '/importcatalogue',
    screen: 'features/admin-import/import-page.tsx',
    visibility: 'staff',
    title: 'Import the catalogue',
  },
  /** The staff's webhook endpoints and their delivery logs (issue 34 item 3); `?endpoint={id}` opens a log. */
  webhooks: {
    path: '/webhooks',
    screen: 'features/admin-webhooks/webhooks-page.tsx',
    visibility: 'staff',
    title: 'Webhooks',
  },
  /** The staff's drops (issue 36): the list, the schedule form; `?drop={id}` opens one with its entries. */
  adminDrops: {
    path: '/managedrops',
    screen: 'features/admin-drops/admin-drops-page.tsx',
    visibility: 'staff',
    title: MESSAGES.dropPages.adminTitle,
  },
  audit: {
    path: '/audit',
    screen: 'features/admin-audit/audit-page.tsx',
    visibility: 'staff',
  },
  aboutUs: {
    path: '/AboutUs',
    aliases: ['/aboutUs'],
    screen: 'features/static-pages/about-us-page.tsx',
    visibility: 'public',
    title: 'About Us',
    indexed: true,
  },
  contactUs: {
    path: '/ContactUs',
    aliases: ['/contactUs'],
    screen: 'features/static-pages/contact-us-page.tsx',
    visibility: 'public',
    title: 'Contact Us',
    indexed: true,
  },
  sizeChart: {
    path: '/SizeChart',
    aliases: ['/sizeChart'],
    screen: 'features/static-pages/size-chart-page.tsx',
    visibility: 'public',
    title: 'Size Chart',
    indexed: true,
  },
  termsOfService: {
    path: '/TermsOfService',
    aliases: ['/termsOfService'],
    screen: 'features/static-pages/terms-page.tsx',
    visibility: 'public',
    title: 'Terms of Service',
    indexed: true,
  },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGES;

/** Any other path: 'Page not found' (also answered 404 by the server). */
export const NOT_FOUND_PAGE = {
  path: '*',
  screen: 'features/not-found/not-found-page.tsx',
  visibility: 'public',
  title: MESSAGES.pages.notFound,
} as const satisfies PageRoute;

export const PAGE_LIST: readonly (PageRoute & { name: PageName })[] = Object.entries(PAGES).map(
  ([name, route]) => ({ name: name as PageName, ...route }),
);

/** The URL of a page, with its parameter filled in (encoded): `pathOf(PAGES.shoe, id)`. */
export function pathOf(route: Pick<PageRoute, 'path'>, param?: string): string {
  return route.path.replace(/:\w+/, () => encodeURIComponent(param ?? ''));
}
