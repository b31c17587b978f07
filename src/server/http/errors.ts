import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../domain/messages.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';

/** Errors a service throws on purpose; the one error handler turns them into answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

const CODES_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Field path -> first message: `{ "name": "Please enter a valid name." }` (docs/api.md). */
function fieldMessages(issues: { instancePath: string; message?: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error.validation);
      return reply.status(400).send({
        error: { code: 'validation', message: Object.values(fields)[0] ?? 'Invalid request', fields },
      });
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting or unreachable: the request may succeed later, and nothing about it is
      // the client's fault. The pool reconnects by itself once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { code: 'database_unavailable', message: MESSAGES.common.databaseUnavailable } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large...).
      return reply.status(status).send({
        error: { code: CODES_BY_STATUS[status] ?? 'bad_request', message: error.message },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0];
  return reply
    .status(404)
    .send({ error: { code: 'not_found', message: `No route for ${request.method} ${pathname}` } });
}
