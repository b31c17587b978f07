import { SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const OPEN = Symbol('validation span');
type WithSpan = FastifyRequest & { [OPEN]: Span | null };

const hasSchema = (request: FastifyRequest) => {
  const schema = request.routeOptions.schema;
  return Boolean(schema && (schema.body || schema.querystring || schema.params || schema.headers));
};

/**
 * A "validation" span around Fastify's check of a request against its route's schemas, which no
 * instrumentation sees: Fastify validates synchronously between the last preValidation hook and
 * the first preHandler hook, so the span opens in the one and closes in the other. Registered
 * first (app.ts), these hooks are the last preValidation and the first preHandler of the root. A
 * request the schema refuses never reaches preHandler: its answer (400) has been sent by the time
 * `done()` returns, and the span closes there as an error, naming no value.
 */
export function traceValidation(app: FastifyInstance, tracer: Tracer): void {
  app.decorateRequest(OPEN, null);
  app.addHook('preValidation', function openValidationSpan(request, _reply, done) {
    const otel = request.opentelemetry();
    if (!otel.instrumented || !otel.context || !hasSchema(request)) return done();
    const span = tracer.startSpan(
      'validation',
      { attributes: { [ATTR_HTTP_ROUTE]: request.routeOptions.url ?? '' } },
      otel.context,
    );
    const traced = request as WithSpan;
    traced[OPEN] = span;
    done();
    if (traced[OPEN] === span) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'refused by the schema' });
      span.end();
      traced[OPEN] = null;
    }
  });
  app.addHook('preHandler', function closeValidationSpan(request, _reply, done) {
    const traced = request as WithSpan;
    traced[OPEN]?.end();
    traced[OPEN] = null;
    done();
  });
}
