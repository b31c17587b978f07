import { AsyncLocalStorage } from 'node:async_hooks';
import {
  dehydrate,
  QueryClientProvider,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setReadFetch } from './api/http';
import type { PageQuery } from './api/page-queries';
import { createQueryClient } from './query-client';
import { AppRoutes, preloadPageOf } from './router';

/** How a render reaches the API: the server's own app, without a network hop. */
export type ApiFetch = (url: string, init?: RequestInit) => Promise<Response>;

// Each render brings its own way to the API (one process may run several apps, as the tests do);
// the queries it starts find it here, however their promises interleave with other renders'.
const renderFetch = new AsyncLocalStorage<ApiFetch>();
setReadFetch((url, init) => {
  const fetcher = renderFetch.getStore();
  if (!fetcher) throw new Error(`GET ${url} outside a page render`);
  return fetcher(url, init);
});

/**
 * How many times a page is rendered to find its data: the first render asks for the page's
 * queries, the next ones for queries that only appear once those answered (a shoe's reviews).
 */
const MAX_DATA_PASSES = 3;

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The answers it was rendered with, for the browser's query cache. */
  state: DehydratedState;
  /** False when an answer failed and the page shows it loading: worth sending, not keeping. */
  complete: boolean;
  /** How many times the page was rendered to find its data (1 when it declares its queries). */
  passes: number;
}

function app(url: string, queryClient: QueryClient) {
  return (
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>
  );
}

/**
 * A query the server may answer: enabled, not yet tried, and not about the visitor. The server
 * renders without the visitor's cookies, so the same HTML suits everyone; who is signed in
 * (`meta.perVisitor`) is left for the browser to ask, and the parts that depend on it render
 * as they do while it asks.
 */
function shouldFetch(query: Query, tried: ReadonlySet<string>): boolean {
  if (query.state.status !== 'pending' || tried.has(query.queryHash)) return false;
  if (query.meta?.perVisitor) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The page at `url` as HTML, with the public data it shows. Renders, fetches what the render
 * asked for, and renders again until nothing new is asked. A query that fails is dropped, so
 * both the server and the browser render it as loading and the browser asks again.
 */
export function renderPage(url: string, fetcher: ApiFetch): Promise<RenderedPage> {
  return renderFetch.run(fetcher, () => renderWithData(url));
}

async function renderWithData(url: string): Promise<RenderedPage> {
  const queryClient = createQueryClient({ server: true });
  const tried = new Set<string>();
  let complete = true;
  // A query that fails is dropped: the page shows it loading and the browser asks again.
  // The same rules for a page's declared queries as for those its render asks for (shouldFetch).
  const fetchOnce = async (options: PageQuery) => {
    const query = queryClient.getQueryCache().build(queryClient, options);
    if (!shouldFetch(query, tried)) return;
    tried.add(query.queryHash);
    await queryClient.prefetchQuery(options);
    if (queryClient.getQueryState(options.queryKey)?.status === 'error') {
      complete = false;
      queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    }
  };
  // With the page's module loaded the render is synchronous (router.tsx, lazyPage). renderToString
  // writes every part in place, where a prerender may send parts separately with inline scripts
  // to put them in place, which the Content-Security-Policy (script-src 'self') refuses to run.
  const { pathname } = new URL(url, 'http://localhost');
  const declared = await preloadPageOf(pathname);
  // What the page declares comes first, so it usually renders once (api/page-queries.ts).
  await Promise.all(declared.map(fetchOnce));
  for (let pass = 0; ; pass += 1) {
    const html = renderToString(app(url, queryClient));
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => shouldFetch(query, tried));
    if (waiting.length === 0 || pass === MAX_DATA_PASSES) {
      const state = dehydrate(queryClient);
      queryClient.clear();
      return { html, state, complete, passes: pass + 1 };
    }
    await Promise.all(waiting.map((query) => fetchOnce({ ...query.options, queryKey: query.queryKey })));
  }
}
