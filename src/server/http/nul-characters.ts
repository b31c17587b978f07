import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export const NUL_MESSAGE = 'Text cannot contain the NUL character';

/**
 * The dotted path of the first string holding U+0000 in `value`, or undefined.
 * Iterative: a JSON body may nest far deeper than the call stack allows.
 */
export function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path;
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * preValidation hook: PostgreSQL text cannot hold U+0000, so a NUL in the
 * parameters, query or JSON body of a route would reach the database as an
 * error (a 500). It is refused here as the 400 of a field that fails
 * validation. Only the parts the route has a schema for are read: a route
 * ignores the others (a query string sent to a route that takes none).
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  // A callback hook, not an async one: it runs on every API request, and a promise each is not free.
  const schema = request.routeOptions.schema ?? {};
  const parts = [
    [schema.params, request.params],
    [schema.querystring, request.query],
    [schema.body, request.body],
  ];
  for (const [declared, value] of parts) {
    if (declared === undefined) continue;
    const path = nulPath(value);
    if (path !== undefined)
      return done(new HttpError(400, 'validation', NUL_MESSAGE, { [path || '_']: NUL_MESSAGE }));
  }
  done();
}
