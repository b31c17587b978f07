import type { FastifyReply, FastifyRequest } from 'fastify';

const SECURE = /;\s*secure\s*(;|$)/i;

/**
 * onSend hook: a cookie sent over HTTPS is always Secure. better-auth marks
 * cookies Secure from PUBLIC_URL alone; behind a TLS-terminating proxy
 * (TRUST_PROXY, X-Forwarded-Proto: https) with PUBLIC_URL unset or http, they
 * would otherwise travel without it. The protocol comes from the proxy header
 * only when Fastify trusts the proxy, so nobody else can choose it.
 */
export async function secureCookiesOverHttps(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.protocol !== 'https') return payload;
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return payload;
  const cookies = (Array.isArray(header) ? header : [String(header)]).map((cookie) =>
    SECURE.test(cookie) ? cookie : `${cookie}; Secure`,
  );
  // reply.header() appends Set-Cookie values: replace them instead.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', cookies);
  return payload;
}
