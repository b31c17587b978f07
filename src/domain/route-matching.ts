import { PAGE_LIST, type PageName, type PageRoute } from './routes.js';

/**
 * Which page of the route table (routes.ts) a path shows, as React Router matches it. The server
 * uses it for a page's head, status and preload hints, and to count page views by route; the web
 * app's router uses it to pick the one page React Router then matches within (web/router.tsx).
 */

/** `/shoes/:id` -> `/shoes/{id}`: how a page is named in page views and preload tables. */
export const routeNameOf = (route: Pick<PageRoute, 'path'>): string => route.path.replace(/:(\w+)/g, '{$1}');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Case-insensitive, trailing slashes, a parameter is one segment: as React Router matches. */
function matcherOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('/');
  return path === '/' ? /^\/+$/ : new RegExp(`^${source}/*$`, 'i');
}

/** The path as React Router matches it: each segment decoded, a slash within one kept escaped. */
function decodedPath(path: string): string {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

const MATCHERS: readonly { matcher: RegExp; route: PageRoute & { name: PageName } }[] = PAGE_LIST.flatMap(
  (route) => [route.path, ...(route.aliases ?? [])].map((path) => ({ matcher: matcherOf(path), route })),
);

export interface MatchedPage {
  route: PageRoute & { name: PageName };
  /** The parameter's segment, decoded; undefined when the page has none. */
  param: string | undefined;
}

const pathnameOf = (url: string) => url.split(/[?#]/)[0] ?? '';

/** The page whose pattern `pathname` (or a whole URL) matches, whatever its parameter holds. */
export function findPage(pathname: string): (PageRoute & { name: PageName }) | undefined {
  const path = decodedPath(pathnameOf(pathname));
  return MATCHERS.find(({ matcher }) => matcher.test(path))?.route;
}

/**
 * The page at `pathname` with its parameter decoded, or undefined for no page. A malformed escape
 * in the parameter (`/shoes/%E0%A4%A`) is no page either.
 */
export function matchPage(pathname: string): MatchedPage | undefined {
  const route = findPage(pathname);
  if (!route) return undefined;
  if (!route.path.includes(':')) return { route, param: undefined };
  const segment = pathnameOf(pathname).replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return { route, param: decodeURIComponent(segment) };
  } catch {
    return undefined;
  }
}
