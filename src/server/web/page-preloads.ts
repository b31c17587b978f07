import { catalogUrls } from '../../domain/catalog-urls.js';
import { HOME_CAROUSEL_SIZE, PAGE_SIZE } from '../../domain/constants.js';
import { offsetOfPage } from '../../domain/paging.js';
import { SORTS } from '../../domain/sorts.js';

/** The lazily loaded module of each page (router.tsx), by route pattern (domain/analytics routeOf). */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/': 'features/home/home-page.tsx',
  '/shoes': 'features/catalog/shoes-page.tsx',
  '/shoes/{id}': 'features/shoe-detail/shoe-detail-page.tsx',
  '/collections/{brand}': 'features/catalog/collection-page.tsx',
  '/sale': 'features/sale/sale-page.tsx',
  '/cart': 'features/cart/cart-page.tsx',
  '/favorites': 'features/favorites/favorites-page.tsx',
  '/signin': 'features/auth/sign-in-page.tsx',
  '/createaccount': 'features/auth/create-account-page.tsx',
  '/forget': 'features/auth/forget-page.tsx',
  '/reset-password': 'features/auth/reset-password-page.tsx',
  '/account': 'features/account/account-page.tsx',
  '/order/{idPayment}': 'features/order/order-page.tsx',
  '/AboutUs': 'features/static-pages/about-us-page.tsx',
  '/ContactUs': 'features/static-pages/contact-us-page.tsx',
  '/SizeChart': 'features/static-pages/size-chart-page.tsx',
  '/TermsOfService': 'features/static-pages/terms-page.tsx',
};

/**
 * Pages whose content the browser draws even when the server rendered the page: the stored cart,
 * and the signed-in pages (the server renders without the visitor). Their code is the first paint
 * of their content, so it is hinted with the HTML; other rendered pages need theirs only to hydrate,
 * and fetching it then leaves the first paint the whole connection.
 */
export const BROWSER_DRAWN_ROUTES: ReadonlySet<string> = new Set([
  '/cart',
  '/favorites',
  '/account',
  '/order/{idPayment}',
]);

/** What the layout asks for on every page: the header's brand menu and who is signed in. */
const EVERY_PAGE = [catalogUrls.brands(), catalogUrls.session()];

/**
 * The API answers a public page asks for as soon as it renders, built as its hooks build them
 * (domain/catalog-urls.ts), so a `preload` hint in the HTML lets the browser fetch them while the JavaScript
 * is still loading, and the page reuses them. `tests/e2e/page-preloads.spec.ts` proves every hinted
 * URL is requested exactly once.
 */
export function pageDataUrls(route: string, query: URLSearchParams, param?: string): string[] {
  const pageOffset = (pageSize: number) => offsetOfPage(query.get('page'), pageSize);
  switch (route) {
    case '/':
      return [
        ...EVERY_PAGE,
        catalogUrls.onSale(0, HOME_CAROUSEL_SIZE),
        catalogUrls.shoes({ offset: pageOffset(PAGE_SIZE.collection), limit: PAGE_SIZE.collection }),
      ];
    case '/shoes':
      return [
        ...EVERY_PAGE,
        catalogUrls.shoes({ offset: pageOffset(PAGE_SIZE.collection), limit: PAGE_SIZE.collection }),
      ];
    case '/sale':
      return [...EVERY_PAGE, catalogUrls.onSale(pageOffset(PAGE_SIZE.sale), PAGE_SIZE.sale)];
    case '/collections/{brand}': {
      const sort = query.get('sort');
      return [
        ...EVERY_PAGE,
        catalogUrls.colors(param),
        catalogUrls.shoes({
          offset: pageOffset(PAGE_SIZE.brandCatalogue),
          limit: PAGE_SIZE.brandCatalogue,
          brand: param,
          color: query.get('color') ?? undefined,
          sort: SORTS.find((known) => known === sort),
        }),
      ];
    }
    case '/shoes/{id}':
      return param === undefined
        ? EVERY_PAGE
        : [...EVERY_PAGE, catalogUrls.shoe(param), catalogUrls.reviews(param)];
    default:
      return EVERY_PAGE;
  }
}
