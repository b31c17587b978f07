import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { traceIdOf } from '../tracing/request-trace.js';

/** The matched route's pattern; a request no route matched is named by that alone. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '(no route)';

/**
 * Fastify's per-request log lines, made one: when its answer has left, the request id (the line's
 * `reqId`), the method, the route's pattern (`/api/shoes/:id`, never the URL, whose path or query
 * may carry a secret), the status and the time in milliseconds. Fastify's own two lines (with the
 * whole URL, host and address, through the redaction) cost about a quarter of a cached answer's
 * time (docs/performance.md). At `debug` a line when a request arrives too, so one that never
 * finishes still shows.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, route: routeOf(request) }, 'request started');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line: { method: string; route: string; status: number; ms: number; traceId?: string } = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // With tracing on, the request's trace: the line leads to its spans, and back (docs/operations.md).
    const traceId = traceIdOf(request);
    if (traceId) line.traceId = traceId;
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method }, 'no route');
  }
}
