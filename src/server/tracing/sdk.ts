// Imported only when tracing is on (start-tracing.ts): everything here costs start-up time and memory.
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
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { traceRequests } from './request-spans.js';
import { shopTracer } from './spans.js';
import type { Tracing } from './start-tracing.js';

/**
 * OpenTelemetry's trace SDK: spans batched and sent over OTLP/HTTP (JSON) to the endpoint of the
 * standard variables (OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _TIMEOUT...), sampled as
 * OTEL_TRACES_SAMPLER says (parent-based, always on, by default), for the service OTEL_SERVICE_NAME
 * ("sneaker-shop" by default). The instrumentations patch pg, http and undici as they load, so
 * this runs before the shop's modules are imported (main.ts). The request spans are the shop's own
 * two hooks (request-spans.ts), not an instrumentation: a request sampled out costs next to nothing.
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

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // The request span is the shop's (request-spans.ts); http only sees outgoing calls (Stripe's SDK).
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      // Queries of a traced request only: the outbox's sweep every few seconds is no trace of anything.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });

  return {
    register(app) {
      traceRequests(app, shopTracer());
      return Promise.resolve();
    },
    shutdown: () => provider.shutdown(),
  };
}
