import type { FastifyRequest } from 'fastify';

/**
 * Names of query parameters and body fields that can carry a credential, a token or card data.
 * None of the shop's own pages or endpoints takes a secret in a URL (forms post, tokens travel in
 * bodies), but a stale page, a mail link or a client elsewhere may put one there: it must still
 * never reach a log. Matched whole, without regard to case.
 */
const SECRET_NAMES = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  'code',
  'state',
  'secret',
  'card',
  'cardNumber',
  'number',
  'cvc',
  'cvv',
  'expiry',
] as const;

const SECRET_NAME = new RegExp(`^(${SECRET_NAMES.join('|')})$|token|password|secret`, 'i');

/** Path segments that are themselves a token (better-auth's reset link), after these prefixes. */
const SECRET_PATH_PREFIXES = ['/api/auth/reset-password/'];

export const REDACTED = '[redacted]';

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

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

/** Names that are a secret wherever they appear in a logged object (`code` or `state` are not: an error has a code). */
const CREDENTIAL_NAMES = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'cardNumber',
  'cvc',
  'cvv',
];

/**
 * pino's redaction of objects logged alongside a message: every secret name in a logged body,
 * credentials one level down in anything else, and the headers that carry a session.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_NAMES.flatMap((name) => [`body.${name}`, `*.body.${name}`]),
  ...CREDENTIAL_NAMES.flatMap((name) => [name, `*.${name}`]),
];
