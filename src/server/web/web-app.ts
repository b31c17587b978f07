import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../http/errors.js';
import { renderPageHtml } from './page-html.js';
import type { PageAnswer } from './page-heads.js';

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface WebAppOptions {
  distDir: string;
  /** The status and head of the page at a path (see page-heads.ts). */
  pages: (pathname: string, query: URLSearchParams) => Promise<PageAnswer>;
  publicUrl: string;
}

/**
 * Serves the built React app when there is one: hashed assets cached for a
 * year, and every other page path answered with index.html carrying the
 * page's own head (the router in the browser shows the page, or 'Page not
 * found', which also answers 404). API paths answer JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { distDir, pages, publicUrl } = options;
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(sendRouteNotFound);
  if (!indexHtml) return;
  // A route (not the not-found handler) so that compression and the other hooks apply.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) {
      return sendRouteNotFound(request, reply);
    }
    const page = await pages(pathname, new URLSearchParams(search));
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPageHtml(indexHtml, page.head, publicUrl, page.preloads));
  });
}
