import { SHOP_NAME } from '../../domain/constants.js';
import { matchPage } from '../../domain/route-matching.js';
import type { PageRoute } from '../../domain/routes.js';
import { documentTitle, SHOP_DESCRIPTION, shoeHead, type PageHead } from '../../domain/seo.js';
import { HttpError } from '../http/errors.js';
import type { Shoe } from '../../domain/catalog.js';
import { IMAGE_SIZES, imageSrcSet } from '../../domain/images.js';
import { pageDataUrls } from './page-preloads.js';
import type { RouteCode } from './route-chunks.js';
import { catalogUrls } from '../../domain/catalog-urls.js';

/** What the browser may fetch before the app asks: the page's code, its API answers, its main image. */
export interface PagePreloads {
  modules: string[];
  /** The code a page rendered on the server still needs before its content shows (the route table's `browserDrawn`). */
  renderedModules: string[];
  /** Every script the page runs, asked for at once by the entry after the first paint (route-chunks.ts). */
  afterPaint: string[];
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
  /** The shoe of a shoe page (the catalogue cache's copy of its API answer); throws a 404 HttpError when unknown. */
  shoeOf: (id: string) => Promise<Shoe>,
  origin: string,
  routeChunks: (moduleKey: string) => RouteCode = () => ({ hinted: [], afterPaint: [] }),
) {
  function preloadsOf(
    route: PageRoute,
    query: URLSearchParams,
    param?: string,
    image?: string,
  ): PagePreloads {
    const { hinted: modules, afterPaint } = routeChunks(route.screen);
    return {
      modules,
      renderedModules: route.browserDrawn ? modules : [],
      afterPaint,
      fetches: pageDataUrls(route, query, param),
      visitorFetches: [catalogUrls.session()],
      image: image ? { href: image, srcset: imageSrcSet(image), sizes: IMAGE_SIZES.shoePage } : undefined,
    };
  }

  async function headOf(pathname: string): Promise<PageAnswer & { image?: string }> {
    const page = matchPage(pathname);
    if (!page) return { status: 404 };
    const { route, param = '' } = page;
    if (route.name === 'shoe') {
      try {
        const shoe = await shoeOf(param);
        return { status: 200, head: shoeHead(shoe, origin), image: shoe.image };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return { status: 404 };
        throw error;
      }
    }
    if (route.name === 'collection') {
      return {
        status: 200,
        head: {
          title: documentTitle(param),
          description: `Sneakers by ${param} at ${SHOP_NAME}: every model, colour and size in stock.`,
          canonicalPath: `/collections/${encodeURIComponent(param)}`,
        },
      };
    }
    // A public page worth a search result, under its one canonical spelling.
    if (route.indexed && !route.path.includes(':')) {
      return {
        status: 200,
        head: { title: documentTitle(route.title), description: SHOP_DESCRIPTION, canonicalPath: route.path },
      };
    }
    return { status: 200 };
  }

  return async function pageFor(pathname: string, query = new URLSearchParams()): Promise<PageAnswer> {
    const { image, ...answer } = await headOf(pathname);
    const page = matchPage(pathname);
    if (answer.status !== 200 || !page) return answer;
    return { ...answer, preloads: preloadsOf(page.route, query, page.param, image) };
  };
}
