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

const ALWAYS_SECRET = new Set(ALWAYS_SECRET_FIELDS);
const BODY_SECRET = new Set(SECRET_FIELDS);
const HEADER_SECRET: Record<string, ReadonlySet<string>> = {
  req: new Set(['authorization', 'cookie']),
  res: new Set(['set-cookie']),
};

type Logged = Record<string, unknown>;
const isObject = (value: unknown): value is Logged =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
/**
 * A copy of `target` with the same prototype and properties (an Error keeps its message and stack),
 * and `changes` as plain writable values: read-only, frozen or accessor properties are replaced, never
 * written to.
 */
function copyWith<T extends object>(target: T, changes: Logged): T {
  const descriptors = Object.getOwnPropertyDescriptors(target) as Record<string, PropertyDescriptor>;
  for (const [key, value] of Object.entries(changes)) {
    const enumerable = descriptors[key]?.enumerable ?? true;
    descriptors[key] = { value, writable: true, enumerable, configurable: true };
  }
  return Object.create(Object.getPrototypeOf(target), descriptors) as T;
}

/** `target` with the values of the names `secret` holds replaced, copied only if there are any. */
function censored<T extends Logged>(target: T, secret: ReadonlySet<string>): T {
  const changes: Logged = {};
  let any = false;
  for (const key of Object.keys(target)) {
    if (secret.has(key) && target[key] !== undefined) {
      changes[key] = REDACTED;
      any = true;
    }
  }
  return any ? copyWith(target, changes) : target;
}

/** `target` with `key` set to `value`, copied first unless `value` is already there. */
function withValue<T extends Logged>(target: T, key: string, value: unknown): T {
  return target[key] === value ? target : copyWith(target, { [key]: value });
}

/**
 * pino's `formatters.log`: the object logged with a message, before its serializers, with every
 * secret replaced: a secret's name at the top or one level down (`password`, `err.token`), any
 * secret field in a logged `body` or one a level down (`req.body.cardNumber`), and the headers
 * that carry a session (`req.headers.cookie`, `res.headers["set-cookie"]`). Nothing is changed in
 * place: what holds a secret is copied. It runs once per line and reads only the keys there are;
 * pino's own `redact` ran its wildcard paths on every key of every line, a fifth of a cached
 * answer's time (docs/performance.md).
 */
export function redactLogObject(object: Logged): Logged {
  let out = censored(object, ALWAYS_SECRET);
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (!isObject(value)) continue;
    // A body's secret fields include every name that is always secret.
    let inner = censored(value, key === 'body' ? BODY_SECRET : ALWAYS_SECRET);
    if (isObject(inner.body)) inner = withValue(inner, 'body', censored(inner.body, BODY_SECRET));
    const headers = HEADER_SECRET[key];
    if (headers && isObject(inner.headers))
      inner = withValue(inner, 'headers', censored(inner.headers, headers));
    out = withValue(out, key, inner);
  }
  return out;
}
