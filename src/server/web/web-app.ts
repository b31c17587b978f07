import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../http/errors.js';
import { withoutLeakedFields } from './leaked-fields.js';
import { compilePageTemplate, renderPageHtml } from './page-html.js';
import type { PageAnswer } from './page-heads.js';
import type { PageShell } from './page-shell.js';
import { loadPageRenderer, type KeptAnswerLookup, type RenderedPage } from './page-renderer.js';
import type { StoredPage } from '../cache/response-cache.js';
import { sendStoredAnswer } from '../cache/stored-answer.js';

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A render waiting longer than this (an answer that hangs) is given up: the page goes out unrendered. */
const RENDER_TIMEOUT_MS = 3_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const isApiPath = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');

/**
 * A page's form posted by the browser itself: the app was not running to handle it (the pre-app
 * capture keeps submits until it does; docs/decisions/007). Every form is `method="post"`, so its
 * fields never travel in a URL; here they are read by nobody: the body is discarded unparsed and
 * the browser is sent back to the page it posted from.
 */
async function answerNativeFormPosts(scope: FastifyInstance): Promise<void> {
  scope.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  scope.post('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return sendRouteNotFound(request, reply);
    return reply.header('cache-control', 'no-store').redirect(request.url, 303);
  });
}

/** A page as sent: its status and whole HTML. */
interface PageHtml {
  status: number;
  html: string;
}

interface WebAppOptions {
  distDir: string;
  /** The built index.html with its styles and capture inlined (page-shell.ts); none when not built. */
  shell: PageShell | undefined;
  /** The status and head of the page at a path (see page-heads.ts). */
  pages: (pathname: string, query: URLSearchParams) => Promise<PageAnswer>;
  publicUrl: string;
  /** Keeps each URL's rendered HTML while the catalogue answers it was made from are kept. */
  pageCache?: {
    rememberPage(url: string, compute: () => Promise<PageHtml & { keep: boolean }>): Promise<StoredPage>;
    /** The catalogue answer kept for an API URL: a render reads it without a request through the app. */
    kept?: KeptAnswerLookup;
  };
}

/**
 * Serves the built React app when there is one: hashed assets cached for a
 * year, and every other page path answered with index.html carrying the
 * page's own head and, when the server renderer is built, the page itself
 * rendered with its public data (the browser takes it over; 'Page not found'
 * also answers 404). API paths answer JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { distDir, shell, pages, publicUrl, pageCache } = options;
  const indexHtml = shell?.html;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (vite.config.ts), chosen by the request's Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(sendRouteNotFound);
  await app.register(answerNativeFormPosts);
  if (!indexHtml) return;
  const template = compilePageTemplate(indexHtml);
  // Loaded beside the rest of start-up rather than before it: the first page waits for it if need be.
  const loadingRenderer = loadPageRenderer(app, distDir, pageCache?.kept).catch((error: unknown) => {
    app.log.error({ err: error }, 'the server renderer failed to load; pages are sent unrendered');
    return undefined;
  });
  // A route (not the not-found handler) so that compression and the other hooks apply.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    if (isApiPath(pathname)) return sendRouteNotFound(request, reply);
    const cleanUrl = withoutLeakedFields(request.url);
    if (cleanUrl !== undefined) return reply.header('cache-control', 'no-store').redirect(cleanUrl, 303);
    const compose = async (): Promise<PageHtml & { keep: boolean }> => {
      const page = await pages(pathname, new URLSearchParams(search));
      let rendered: RenderedPage | undefined;
      try {
        const renderPage = await loadingRenderer;
        if (renderPage) rendered = await withinTime(renderPage(request.url), RENDER_TIMEOUT_MS);
      } catch (error) {
        // The browser can still render the page from the plain shell: a shopper never sees this fail.
        request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
      }
      const html = renderPageHtml(template, { ...page, rendered }, publicUrl);
      // A page whose render failed, timed out or lacks an answer is sent, not kept for everyone.
      return { status: page.status, html, keep: rendered?.complete ?? false };
    };
    // The head, status and render depend only on the URL and the catalogue: one copy serves everyone.
    const page: StoredPage = pageCache
      ? await pageCache.rememberPage(request.url, compose)
      : await compose().then(({ status, html }) => ({ status, text: html }));
    return sendStoredAnswer(
      request,
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'),
      page,
      { status: page.status },
    );
  });
}
