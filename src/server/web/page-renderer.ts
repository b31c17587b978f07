import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serverRendererFile } from '../build/web-build.js';
// The renderer's own types (a type-only import: the server loads the built module, never the source).
import type { ApiFetch, RenderedPage, renderPage } from '../../web/entry-server.js';

export type { ApiFetch, RenderedPage };

interface ServerRendererModule {
  renderPage: typeof renderPage;
}

export type PageRenderer = (url: string) => Promise<RenderedPage>;

/** A GET to the app itself, as the page's hooks would send it from a browser with no cookies. */
export function injectFetch(app: FastifyInstance): ApiFetch {
  return async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  };
}

/**
 * The server's renderer of the web app's pages (`vite build --ssr entry-server.tsx`), or undefined
 * when the checkout has no such build (then the browser renders every page itself, as in `npm run dev`).
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
): Promise<PageRenderer | undefined> {
  const file = serverRendererFile(distDir);
  if (!fs.existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as ServerRendererModule;
  const fetcher = injectFetch(app);
  return (url) => renderer.renderPage(url, fetcher);
}
