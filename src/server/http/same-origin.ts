import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Cookies are SameSite=Lax, and on top of that a browser's write request must
 * come from our own pages: its Origin must be the public URL or the host it
 * was sent to. Browsers send an Origin with every POST, PUT and DELETE; when
 * one is missing, the Referer must name our origin instead, and a request
 * with neither may not carry cookies (the ambient authority CSRF abuses).
 * Requests with none of the three (curl, server-to-server, webhooks) pass.
 */
export function refuseCrossSiteWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  const refusal = (request: FastifyRequest): HttpError | undefined => {
    if (SAFE_METHODS.has(request.method)) return undefined;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const ours = (origin: string | undefined) => origin === publicOrigin || origin === ownOrigin;
    const { origin, referer, cookie } = request.headers;
    if (origin !== undefined)
      return ours(origin) ? undefined : new HttpError(403, 'forbidden', CROSS_SITE_REFUSED);
    if (referer !== undefined)
      return ours(originOf(referer)) ? undefined : new HttpError(403, 'forbidden', CROSS_SITE_REFUSED);
    return cookie ? new HttpError(403, 'forbidden', CROSS_SITE_REFUSED) : undefined;
  };
  // A callback hook, not an async one: it runs on every API request, and a promise each is not free.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void =>
    done(refusal(request));
}
