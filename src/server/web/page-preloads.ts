import { catalogUrls } from '../../domain/catalog-urls.js';
import type { PageRoute } from '../../domain/routes.js';

/** What the layout asks for on every page: the header's brand menu and who is signed in. */
const EVERY_PAGE = [catalogUrls.brands(), catalogUrls.session()];

/**
 * The API answers a page asks for as soon as it renders: the layout's, and the page's own from the
 * route table (domain/routes.ts), built as its hooks build them (domain/catalog-urls.ts). A
 * `preload` hint in the HTML lets the browser fetch them while the JavaScript is still loading, and
 * the page reuses them. `tests/e2e/page-preloads.spec.ts` proves every hinted URL is requested
 * exactly once.
 */
export function pageDataUrls(route: PageRoute, query: URLSearchParams, param?: string): string[] {
  return [...EVERY_PAGE, ...(route.data?.(query, param) ?? [])];
}
