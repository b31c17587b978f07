import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';

/**
 * A request's headers as better-auth reads them. better-auth records a session's address from
 * X-Forwarded-For: it gets the address Fastify trusts (its trustProxy setting), never one a client
 * wrote itself, so the account page's list of sessions says where each one really came from.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}
