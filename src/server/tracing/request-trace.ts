import type { Span } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';

/** Where a traced request keeps its trace id (decorated in sdk.ts when tracing is on). */
export const TRACE_ID = Symbol('traceId');

type Marked = FastifyRequest & { [TRACE_ID]?: string | null };

/**
 * Keeps the request span's trace id on the request for its log line (http/request-log.ts), which
 * is written after @fastify/otel has ended and let go of the span. Only a sampled trace is named:
 * an id the backend never received would send whoever reads the log looking for nothing.
 */
export function markTrace(request: FastifyRequest, span: Span): void {
  const context = span.spanContext();
  // Bit 0 of the W3C trace flags: sampled.
  if (context.traceFlags & 1) (request as Marked)[TRACE_ID] = context.traceId;
}

/** The request's trace id when it was traced and sampled; undefined otherwise (tracing off). */
export const traceIdOf = (request: FastifyRequest): string | undefined =>
  (request as Marked)[TRACE_ID] ?? undefined;
