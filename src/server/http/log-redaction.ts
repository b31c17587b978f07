import type { FastifyRequest } from 'fastify';
import { ALWAYS_SECRET_FIELDS, isSecretName, SECRET_FIELDS } from './secret-names.js';

/** Path segments that are themselves a token (better-auth's reset link), after these prefixes. */
const SECRET_PATH_PREFIXES = ['/api/auth/reset-password/'];

export const REDACTED = '[redacted]';

/** A URL as it may be logged: secret query values and token path segments replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (pathname.startsWith(prefix) && pathname.length > prefix.length) pathname = `${prefix}${REDACTED}`;
  }
  if (queryAt === -1) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as it came.
      }
      return equals !== -1 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino's redaction of objects logged alongside a message: every secret name in a logged body,
 * credentials one level down in anything else, and the headers that carry a session.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((name) => [`body.${name}`, `*.body.${name}`]),
  ...ALWAYS_SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]),
];
