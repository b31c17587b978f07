import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHOP_NAME } from '../../domain/constants.js';
import { escapeHtml } from './escape-html.js';
import { errorBodySchema } from './errors.js';

/** What one kind of mail's unsubscribe link stops, and the words of its page. */
export interface UnsubscribeLink {
  /** The route, under /api: `/mail/newsletter/unsubscribe`. */
  path: string;
  tag: string;
  /** What the link stops, for the API's documentation: "Stop waiting for a size". */
  summary: string;
  /** The longest token the mails carry. */
  tokenMax: number;
  /** The page's title: "Restock alerts". */
  title: string;
  /** Asked on the page the link opens: "Stop waiting for this size?". */
  question: string;
  /** The button that answers it. */
  button: string;
  done: string;
  invalid: string;
  /** Stops the mails `token` was sent for; false when the token is not (or no longer) valid. */
  unsubscribe: (token: string) => Promise<boolean>;
}

const tokenQuery = (max: number) => z.object({ token: z.string().min(1).max(max) });
const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)} · ${SHOP_NAME}</title>` +
  '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.25rem;color:#111827}' +
  'button{font:inherit;font-weight:700;padding:.6rem 1.4rem;border:0;border-radius:999px;background:#111827;color:#fff;cursor:pointer}' +
  'a{color:#0f766e}</style>' +
  `<h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back Home</a></p></html>`;

/**
 * A mail's unsubscribe link, the same for every kind of mail that has one. Opening it (GET) changes
 * nothing: a mail scanner or a link preview follows links, and must not unsubscribe anyone. It shows
 * the question and a button that posts back to the same address. That POST, or a mail program's
 * one-click unsubscribe (RFC 8058: a POST to the mail's `List-Unsubscribe` address with the body
 * `List-Unsubscribe=One-Click`), stops the mails. The token is the link's own, in its query: a
 * single-purpose token, the only thing such a link can carry (docs/decisions/030).
 */
export const unsubscribeLinkRoutes: FastifyPluginAsyncZod<UnsubscribeLink> = async (app, link) => {
  // The page's form and the one-click POST send a form body; what is in it does not matter.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    link.path,
    {
      schema: {
        tags: [link.tag],
        summary: `${link.summary}: the page of the mail's link, asking to confirm (it changes nothing)`,
        querystring: tokenQuery(link.tokenMax),
        response: {
          200: htmlPage('A page with the question and a button that confirms'),
          400: errorBodySchema,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // Under the shop's `no-referrer`, a browser posts this page's form with `Origin: null`, which
        // the same-origin rule for writes refuses; `same-origin` sends the shop's own origin.
        .header('referrer-policy', 'same-origin')
        .send(
          page(
            link.title,
            `<p>${escapeHtml(link.question)}</p><form method="post"><button type="submit">${escapeHtml(link.button)}</button></form>`,
          ),
        ),
  );

  app.post(
    link.path,
    {
      schema: {
        tags: [link.tag],
        summary: `${link.summary}, with the token of the mail: the page's button, or a mail program's one-click unsubscribe (RFC 8058)`,
        querystring: tokenQuery(link.tokenMax),
        response: {
          200: htmlPage('A page confirming it'),
          400: errorBodySchema,
          404: htmlPage('A page saying the link is not valid'),
        },
      },
    },
    async (request, reply) => {
      const done = await link.unsubscribe(request.query.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(link.title, `<p>${escapeHtml(done ? link.done : link.invalid)}</p>`));
    },
  );
};
