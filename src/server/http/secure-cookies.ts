import type { FastifyReply, FastifyRequest } from 'fastify';

const SECURE = /;\s*secure\s*(;|$)/i;

/**
 * onSend hook: a cookie sent over HTTPS is always Secure. better-auth marks
 * cookies Secure from PUBLIC_URL alone; behind a TLS-terminating proxy
 * (TRUST_PROXY, X-Forwarded-Proto: https) with PUBLIC_URL unset or http, they
 * would otherwise travel without it. The protocol comes from the proxy header
 * only when Fastify trusts the proxy, so nobody else can choose it.
 */
export function secureCookiesOverHttps(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const header = request.protocol === 'https' ? reply.getHeader('set-cookie') : undefined;
  if (header === undefined) return done(null, payload);
  const cookies = (Array.isArray(header) ? header : [String(header)]).map((cookie) =>
    SECURE.test(cookie) ? cookie : `${cookie}; Secure`,
  );
  // reply.header() appends Set-Cookie values: replace them instead.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', cookies);
  done(null, payload);
}
