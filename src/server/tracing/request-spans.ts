import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';
import { REQUEST_CONTEXT, REQUEST_SPAN, type TracedRequest } from './request-trace.js';

/** Probes answer every few seconds: a trace each would bury the ones worth reading. */
const UNTRACED = new Set(['/api/health', '/api/ready']);

const VALIDATION_SPAN = Symbol('validation span');
type Traced = TracedRequest & { [VALIDATION_SPAN]: Span | null };

/**
 * Ends the request's span with the answer's status (none: the client went away first). A validation
 * span still open then never reached a handler: with a 400, the schema refused the request.
 */
function endRequest(request: Traced, status: number | undefined): void {
  const span = request[REQUEST_SPAN];
  // Ended already (an abort, then the answer's end), or never recording.
  if (!span?.isRecording()) return;
  const validation = request[VALIDATION_SPAN];
  if (validation) {
    request[VALIDATION_SPAN] = null;
    if (status === 400)
      validation.setStatus({ code: SpanStatusCode.ERROR, message: 'refused by the schema' });
    validation.end();
  }
  if (status === undefined) span.setAttribute('http.request.aborted', true);
  else span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  // A server span is an error for a 5xx only (OpenTelemetry's HTTP conventions): a 4xx is the client's.
  if (status !== undefined && status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * The request's server span, from the shop's own hooks (registered first, app.ts), and the
 * "validation" span of a request with a body checked against its route's schema.
 *
 * onRequest asks the sampler first (through `startSpan`, with the parent of a W3C `traceparent`
 * header if one came): a request sampled out gets no span, no context and nothing below it (the
 * shop's spans and pg's need a recording parent), so it costs a sampler call. A sampled request
 * gets ONE span, and its context is entered for the hooks and the handler: in onRequest (what runs
 * before the body is read) and again in the first preValidation hook (what runs once it has been
 * read, which comes on the socket's callbacks, outside it). The span ends when the answer has been
 * sent (onResponse), or when the client goes away first (the response's close).
 */
export function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  app.decorateRequest(REQUEST_SPAN, null);
  app.decorateRequest(REQUEST_CONTEXT, null);
  app.decorateRequest(VALIDATION_SPAN, null);

  app.addHook('onRequest', function startRequestSpan(request, reply, done) {
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED.has(route)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    // "POST /api/cart/checkout": the route's pattern, never the URL (whose path or query may carry
    // a secret). The attributes are set once sampled: the SDK would otherwise copy them for nothing.
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      { kind: SpanKind.SERVER },
      parent,
    );
    if (!span.isRecording()) return done();
    span.setAttributes({
      [ATTR_HTTP_REQUEST_METHOD]: request.method,
      [ATTR_HTTP_ROUTE]: route,
      [ATTR_URL_PATH]: route ?? '(no route)',
    });
    const traced = request as Traced;
    const active = trace.setSpan(parent, span);
    traced[REQUEST_SPAN] = span;
    traced[REQUEST_CONTEXT] = active;
    // The client gone before the answer: the response closes without finishing. A listener for the
    // traced requests only (an onRequestAbort hook would have Fastify listen on every request).
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) endRequest(traced, undefined);
    });
    context.with(active, done);
  });

  app.addHook('preValidation', function enterRequestContext(request, _reply, done) {
    const traced = request as Traced;
    const active = traced[REQUEST_CONTEXT];
    if (!active) return done();
    // Fastify checks the body, with the params, query and headers, after the preValidation hooks;
    // the span closes in the first preHandler hook, or when a refusal (400) has been sent.
    if (request.routeOptions.schema?.body)
      traced[VALIDATION_SPAN] = tracer.startSpan(
        'validation',
        { attributes: { [ATTR_HTTP_ROUTE]: request.routeOptions.url } },
        active,
      );
    context.with(active, done);
  });

  app.addHook('preHandler', function closeValidationSpan(request, _reply, done) {
    const traced = request as Traced;
    traced[VALIDATION_SPAN]?.end();
    traced[VALIDATION_SPAN] = null;
    done();
  });

  app.addHook('onResponse', function endRequestSpan(request, reply, done) {
    endRequest(request as Traced, reply.statusCode);
    done();
  });
}
