import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { NOT_FOUND_PAGE, PAGE_LIST, type PageRoute, type PageVisibility } from '../domain/routes';
import { AppLayout } from './components/app-layout';
import { RequireAdmin } from './components/guards/require-admin';
import { RequireUser } from './components/guards/require-user';
import { PageLoading } from './components/page-loading';
import { useDocumentTitle } from './components/use-document-title';

type PageModule = { default: ComponentType };

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
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return { Page, preload };
}

/** After the page (its effects run later): a page that sets its title itself has none in the table. */
function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/** The routes of one page: its path and its other spellings; `handle` lets preloadPageOf find the module. */
function routesOf(route: PageRoute): RouteObject[] {
  const { Page, preload } = lazyPage(route);
  return [route.path, ...(route.aliases ?? [])].map((path) => ({
    path,
    handle: { preload },
    element: <Page />,
  }));
}

/** Spec §2 guards: signed-in pages send visitors to sign in, staff pages send everyone else home. */
const GUARDS: Record<Exclude<PageVisibility, 'public'>, ComponentType> = {
  'signed-in': RequireUser,
  staff: RequireAdmin,
};

const pagesWith = (visibility: PageVisibility) =>
  PAGE_LIST.filter((route) => route.visibility === visibility).flatMap(routesOf);

/**
 * Declarative routes (no data router): the shop loads no data in the router, so the data router's
 * extra ~18 kB gzip bought nothing on the first load (docs/decisions/005).
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...pagesWith('public'),
      ...(['signed-in', 'staff'] as const).map((visibility) => {
        const Guard = GUARDS[visibility];
        return { element: <Guard />, children: pagesWith(visibility) };
      }),
      ...routesOf(NOT_FOUND_PAGE),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the module of the page at `pathname` (see lazyPage). */
export async function preloadPageOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) =>
      (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.(),
    ),
  );
}
