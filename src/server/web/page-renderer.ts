import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serverRendererFile } from '../build/web-build.js';
import type { KeptAnswer } from '../cache/response-cache.js';
// The renderer's own types (a type-only import: the server loads the built module, never the source).
import type { ApiFetch, RenderedPage, renderPage } from '../../web/entry-server.js';

export type { ApiFetch, RenderedPage };

interface ServerRendererModule {
  renderPage: typeof renderPage;
}

export type PageRenderer = (url: string) => Promise<RenderedPage>;

/** The catalogue answer kept for an API URL (response-cache.ts `kept`), if any. */
export type KeptAnswerLookup = (url: string) => KeptAnswer | undefined;

/**
 * A GET to the app itself, as the page's hooks would send it from a browser with no cookies. An
 * answer the catalogue cache keeps for the URL is read from it directly: a request through the app
 * (its hooks, headers and log line) for each of a page's five answers was a tenth of an uncached
 * page's CPU (docs/performance.md). Kept answers are public and the same for everyone, so nothing a
 * hook would add applies to the render.
 */
export function injectFetch(app: FastifyInstance, keptAnswer?: KeptAnswerLookup): ApiFetch {
  return async (url) => {
    const kept = keptAnswer?.(url);
    if (kept) return keptResponse(kept);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  };
}

function keptResponse(kept: KeptAnswer): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  if (kept.total !== undefined) headers.set('x-total-count', String(kept.total));
  if (kept.totalIsLowerBound) headers.set('x-total-is-lower-bound', 'true');
  return new Response(kept.text, { status: 200, headers });
}

/**
 * The server's renderer of the web app's pages (`vite build --ssr entry-server.tsx`), or undefined
 * when the checkout has no such build (then the browser renders every page itself, as in `npm run dev`).
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  keptAnswer?: KeptAnswerLookup,
): Promise<PageRenderer | undefined> {
  const file = serverRendererFile(distDir);
  if (!fs.existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as ServerRendererModule;
  const fetcher = injectFetch(app, keptAnswer);
  return (url) => renderer.renderPage(url, fetcher);
}
