import type { Context, Span } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';

/** Where a traced request keeps its server span and the context it runs in (request-spans.ts). */
export const REQUEST_SPAN = Symbol('request span');
export const REQUEST_CONTEXT = Symbol('request trace context');

export type TracedRequest = FastifyRequest & {
  [REQUEST_SPAN]?: Span | null;
  [REQUEST_CONTEXT]?: Context | null;
};

/**
 * The request's trace id when it was traced (tracing on and the request sampled); undefined
 * otherwise. Read by its log line (http/request-log.ts), written after the span has ended. A
 * sampled-out request has no span, so no id: one the backend never received would send whoever
 * reads the log looking for nothing.
 */
export const traceIdOf = (request: FastifyRequest): string | undefined =>
  (request as TracedRequest)[REQUEST_SPAN]?.spanContext().traceId;
