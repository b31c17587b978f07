import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { findPage } from '../domain/route-matching';
import type { PageQueries, PageQuery } from './api/page-queries';
import { brandsQuery } from './api/use-brands';
import { NOT_FOUND_PAGE, PAGE_LIST, type PageRoute, type PageVisibility } from '../domain/routes';
import { AppLayout } from './components/app-layout';
import { RequireAdmin } from './components/guards/require-admin';
import { RequireUser } from './components/guards/require-user';
import { PageLoading } from './components/page-loading';
import { useDocumentTitle } from './components/use-document-title';

type PageModule = { default: ComponentType; pageQueries?: PageQueries };

/**
 * Every screen module (`features/<feature>/<name>-page.tsx`), each its own chunk: the first load
 * carries only the shell and the current page. Which path shows which screen is the route table's
 * business (domain/routes.ts); a screen the table does not name fails the route-table test.
 */
const SCREENS = import.meta.glob<PageModule>('./features/*/*-page.tsx');

interface LazyPage {
  /** The page, inside its own loading boundary until its module is preloaded. */
  Page: ComponentType;
  /** Loads the page's module, so the next render shows the page at once instead of suspending. */
  preload: () => Promise<void>;
  /** The queries the page's module declares (known once it is preloaded). */
  queries: PageQueries;
}

/**
 * A page whose module was preloaded renders without a loading boundary: the server preloads the
 * page it renders and main.tsx the page it hydrates, so both render the same tree and the whole
 * page hydrates in one go with the shell. (React hydrates a boundary later, after the shell's
 * effects ran: by then the browser may know who is signed in, and the page would differ from the
 * server's HTML.) A page with a title of its own in the route table gets it as the tab's title.
 */
function lazyPage(route: PageRoute): LazyPage {
  const load = SCREENS[`./${route.screen}`];
  if (!load) throw new Error(`the route table names a screen that does not exist: ${route.screen}`);
  let loaded: ComponentType | undefined;
  let queries: PageQueries | undefined;
  const Lazy = lazy(load);
  function Screen() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  function Page() {
    return (
      <>
        <Screen />
        {route.title !== undefined && <DocumentTitle title={route.title} />}
      </>
    );
  }
  // Once: the server preloads the page of every render, and an import() of a module already
  // loaded still goes through the module loader's resolution each time. A failed load (the network,
  // in the browser) is tried again next time.
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        queries = module.pageQueries;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { Page, preload, queries: (params) => queries?.(params) ?? [] };
}

/** After the page (its effects run later): a page that sets its title itself has none in the table. */
function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/** The routes of one page: its path and its other spellings; `handle` lets preloadPageOf find the module. */
function routesOf(route: PageRoute): RouteObject[] {
  const { Page, preload, queries } = lazyPage(route);
  return [route.path, ...(route.aliases ?? [])].map((path) => ({
    path,
    handle: { preload, queries } satisfies RouteHandle,
    element: <Page />,
  }));
}

/** Spec §2 guards: signed-in pages send visitors to sign in, staff pages send everyone else home. */
const GUARDS: Record<Exclude<PageVisibility, 'public'>, ComponentType> = {
  'signed-in': RequireUser,
  staff: RequireAdmin,
};

/** Each page's routes, made once: its lazy module is loaded once whichever tree holds it. */
const PAGE_ROUTES = new Map<PageRoute, RouteObject[]>(
  [...PAGE_LIST, NOT_FOUND_PAGE].map((route) => [route, routesOf(route)]),
);
const routesOfPage = (route: PageRoute) => PAGE_ROUTES.get(route) ?? [];
const notFoundRoutes = routesOfPage(NOT_FOUND_PAGE);

/** A page's routes behind its guard, if it has one. */
function guarded(route: PageRoute): RouteObject[] {
  if (route.visibility === 'public') return routesOfPage(route);
  const Guard = GUARDS[route.visibility];
  return [{ element: <Guard />, children: routesOfPage(route) }];
}

/**
 * The tree of one page: the layout, the page (behind its guard) and 'Page not found'. React Router
 * flattens and ranks every route it is given on every render; given the whole table (some sixty
 * routes with their aliases) that was a seventh of a server render's time (docs/performance.md),
 * so the page is found by the route table's own matcher (domain/route-matching.ts, which matches
 * as React Router does) and the router only matches within it. Declarative routes (no data router):
 * the shop loads no data in the router, so the data router's extra ~18 kB gzip bought nothing on
 * the first load (docs/decisions/005).
 */
const treeOf = (route: PageRoute | undefined): RouteObject[] => [
  {
    element: <AppLayout />,
    // The header's brand menu.
    handle: { queries: () => [brandsQuery()] } satisfies RouteHandle,
    children: route ? [...guarded(route), ...notFoundRoutes] : notFoundRoutes,
  },
];
const TREES = new Map<PageRoute | undefined, RouteObject[]>();
function pageTree(pathname: string): RouteObject[] {
  const route = findPage(pathname);
  let tree = TREES.get(route);
  if (!tree) TREES.set(route, (tree = treeOf(route)));
  return tree;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(pageTree(pathname));
}

interface RouteHandle {
  preload?: () => Promise<void>;
  queries?: PageQueries;
}

const handlesOf = (pathname: string) =>
  (matchRoutes(pageTree(pathname), pathname) ?? []).map((match) => ({
    handle: match.route.handle as RouteHandle | undefined,
    params: match.params,
  }));

/**
 * Loads the module of the page at `pathname` (see lazyPage); then answers the queries the layout
 * and the page declare for a visitor.
 */
export async function preloadPageOf(pathname: string): Promise<PageQuery[]> {
  const handles = handlesOf(pathname);
  await Promise.all(handles.map(({ handle }) => handle?.preload?.()));
  return handles.flatMap(({ handle, params }) => handle?.queries?.(params) ?? []);
}
