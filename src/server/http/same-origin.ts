import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies are SameSite=Lax, and on top of that a browser's write request must
 * come from our own pages: its Origin must be the public URL or the host it
 * was sent to. Requests without an Origin (curl, server-to-server) pass.
 */
export function refuseCrossSiteWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) {
      throw new HttpError(403, 'forbidden', 'Cross-site request refused');
    }
  };
}
