import { NOT_FOUND_ROUTE, routeOf } from '../../domain/analytics.js';
import { SHOP_NAME } from '../../domain/constants.js';
import { documentTitle, PAGE_TITLES, SHOP_DESCRIPTION, shoeHead, type PageHead } from '../../domain/seo.js';
import { HttpError } from '../http/errors.js';
import type { CatalogService } from '../modules/catalog/service.js';
import { IMAGE_SIZES, imageSrcSet } from '../../domain/images.js';
import { BROWSER_DRAWN_ROUTES, pageDataUrls, ROUTE_MODULES } from './page-preloads.js';
import { catalogUrls } from '../../domain/catalog-urls.js';

/** Public pages worth a search result, by route pattern: their title (the page's own heading). */
const PUBLIC_PAGES: Record<string, string | undefined> = {
  '/': undefined,
  '/shoes': PAGE_TITLES.shoes,
  '/sale': PAGE_TITLES.sale,
  '/AboutUs': PAGE_TITLES.aboutUs,
  '/ContactUs': PAGE_TITLES.contactUs,
  '/SizeChart': PAGE_TITLES.sizeChart,
  '/TermsOfService': PAGE_TITLES.termsOfService,
};

/** The path's n-th segment, decoded; a malformed escape (`%E0%A4%A`) is no page at all. */
function segment(pathname: string, index: number): string | undefined {
  try {
    return decodeURIComponent(pathname.split('/')[index] ?? '');
  } catch {
    return undefined;
  }
}

/** What the browser may fetch before the app asks: the page's code, its API answers, its main image. */
export interface PagePreloads {
  modules: string[];
  /** The code a page rendered on the server still needs before its content shows (see BROWSER_DRAWN_ROUTES). */
  renderedModules: string[];
  fetches: string[];
  /** The answers about the visitor (who is signed in), which a page rendered on the server leaves to the browser. */
  visitorFetches: string[];
  /** The largest picture above the fold (the shoe page's photo), fetched first. */
  image?: { href: string; srcset?: string; sizes: string };
}

export interface PageAnswer {
  status: 200 | 404;
  head?: PageHead;
  preloads?: PagePreloads;
}

/**
 * The head of the page at `pathname` as the server sends it: shoe pages get
 * their product data, public pages their canonical URL; signed-in and admin
 * pages stay as built (robots.txt keeps crawlers out of them). Unknown paths
 * and unknown shoes answer 404, with the app still rendering its own message.
 */
export function createPageHeads(
  catalog: CatalogService,
  origin: string,
  routeChunks: (moduleKey: string) => string[] = () => [],
) {
  function preloadsOf(route: string, query: URLSearchParams, param?: string, image?: string): PagePreloads {
    const moduleKey = ROUTE_MODULES[route];
    const modules = moduleKey ? routeChunks(moduleKey) : [];
    return {
      modules,
      renderedModules: BROWSER_DRAWN_ROUTES.has(route) ? modules : [],
      fetches: pageDataUrls(route, query, param),
      visitorFetches: [catalogUrls.session()],
      image: image ? { href: image, srcset: imageSrcSet(image), sizes: IMAGE_SIZES.shoePage } : undefined,
    };
  }

  async function headOf(pathname: string): Promise<PageAnswer & { image?: string }> {
    const route = routeOf(pathname);
    if (route === NOT_FOUND_ROUTE) return { status: 404 };
    if (route === '/shoes/{id}') {
      const id = segment(pathname, 2);
      if (id === undefined) return { status: 404 };
      try {
        const shoe = await catalog.getShoe(id);
        return { status: 200, head: shoeHead(shoe, origin), image: shoe.image };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return { status: 404 };
        throw error;
      }
    }
    if (route === '/collections/{brand}') {
      const brand = segment(pathname, 2);
      if (brand === undefined) return { status: 404 };
      return {
        status: 200,
        head: {
          title: documentTitle(brand),
          description: `Sneakers by ${brand} at ${SHOP_NAME}: every model, colour and size in stock.`,
          canonicalPath: `/collections/${encodeURIComponent(brand)}`,
        },
      };
    }
    if (route in PUBLIC_PAGES) {
      return {
        status: 200,
        head: {
          title: documentTitle(PUBLIC_PAGES[route]),
          description: SHOP_DESCRIPTION,
          canonicalPath: route,
        },
      };
    }
    return { status: 200 };
  }

  return async function pageFor(pathname: string, query = new URLSearchParams()): Promise<PageAnswer> {
    const { image, ...answer } = await headOf(pathname);
    if (answer.status !== 200) return answer;
    const route = routeOf(pathname);
    const param = route.includes('{') ? segment(pathname, 2) : undefined;
    return { ...answer, preloads: preloadsOf(route, query, param, image) };
  };
}
