import { INVALID_SPAN_CONTEXT, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * The shop's own spans, for what no instrumentation sees (the requests, their validation, the
 * checkout's transaction, the payment provider's calls). Without the SDK (tracing off) this is
 * OpenTelemetry's no-op tracer.
 */
export const shopTracer = () => trace.getTracer('sneaker-shop');

/** The error's kind only: a message may carry what a span must not (an email, an address). */
const kindOf = (error: unknown) => (error instanceof Error ? error.constructor.name : typeof error);

/** What `work` is given outside a traced request: a span that records nothing. */
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `work` in a span of its own, the current one's child, ended when the work settles; a
 * failure marks it as an error. Attributes never carry personal data, card data or secrets. Only
 * inside a traced request (a recording span is current): tracing off, a request sampled out and
 * work outside any request (the payment reconciler) run `work` as it is, with no span, rather than
 * starting traces of their own.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  describeFailure?: (error: unknown) => Attributes,
): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return work(NO_SPAN);
  return shopTracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: kindOf(error) });
      if (describeFailure) span.setAttributes(describeFailure(error));
      throw error;
    } finally {
      span.end();
    }
  });
}
