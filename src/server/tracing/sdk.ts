// Imported only when tracing is on (start-tracing.ts): everything here costs start-up time and memory.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import type { FastifyRequest } from 'fastify';
import { markTrace, TRACE_ID } from './request-trace.js';
import { shopTracer } from './spans.js';
import type { Tracing } from './start-tracing.js';
import { traceValidation } from './validation-span.js';

/** Probes answer every few seconds: a trace each would bury the ones worth reading. */
const UNTRACED = new Set(['/api/health', '/api/ready']);

/** "POST /api/cart/checkout": the route's pattern, never the URL (whose path or query may carry a secret). */
function nameRequestSpan(span: Parameters<typeof markTrace>[1], request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  span.setAttribute(ATTR_URL_PATH, route ?? '(no route)');
  markTrace(request, span);
}

/**
 * OpenTelemetry's trace SDK: spans batched and sent over OTLP/HTTP (JSON) to the endpoint of the
 * standard variables (OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _TIMEOUT...), sampled as
 * OTEL_TRACES_SAMPLER says (parent-based, always on, by default), for the service OTEL_SERVICE_NAME
 * ("sneaker-shop" by default). The instrumentations patch pg, http and undici as they load, so
 * this runs before the shop's modules are imported (main.ts).
 */
export function startSdk(): Tracing {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'sneaker-shop' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator.
  provider.register();

  const fastify = new FastifyOtelInstrumentation({
    // A span per hook (a dozen a request) costs more than it tells: the request, its handler and
    // the spans below them are the picture; docs/performance.md "Tracing" has the figures.
    instrumentHooks: false,
    ignorePaths: (route: { url?: string }) => UNTRACED.has(route.url ?? ''),
    requestHook: nameRequestSpan,
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastify,
      // The request span is @fastify/otel's; http only sees outgoing calls (Stripe's SDK).
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      // Queries of a request only: the outbox's sweep every few seconds is no trace of anything.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });

  return {
    async register(app) {
      app.decorateRequest(TRACE_ID, null);
      await app.register(fastify.plugin());
      traceValidation(app, shopTracer());
    },
    shutdown: () => provider.shutdown(),
  };
}
