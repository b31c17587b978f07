import http from 'node:http';
import type net from 'node:net';

/** A span as the test reads it from OTLP/JSON: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  /** Nanoseconds since the epoch, as OTLP/JSON writes them (a string of digits). */
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
  /** The service that sent it (its resource's service.name). */
  service: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        startTimeUnixNano: string;
        endTimeUnixNano: string;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ??
  value.intValue ??
  value.doubleValue ??
  value.boolValue ??
  value.arrayValue?.values?.map(valueOf);

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/**
 * An OTLP/HTTP trace receiver on a free port: what an OpenTelemetry collector would be to the
 * shop. It takes `POST /v1/traces` in the JSON encoding (exporter-trace-otlp-http's), answers 200
 * and keeps every span; `until` resolves once the spans received satisfy a condition, checked at
 * each arrival (never by polling).
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  /** Every request, whatever its path: none may come when tracing is off. */
  const requests: { method: string; url: string; contentType: string }[] = [];
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
      });
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody;
        for (const resource of body.resourceSpans ?? []) {
          const service = String(attributesOf(resource.resource?.attributes)['service.name'] ?? '');
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                startTimeUnixNano: String(span.startTimeUnixNano),
                endTimeUnixNano: String(span.endTimeUnixNano),
                attributes: attributesOf(span.attributes),
                service,
              });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const waiter of [...waiters]) {
        if (!waiter.check()) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    /** Resolves once `check()` holds (now or after an arrival); rejects after `timeoutMs`. */
    until(check: () => boolean, timeoutMs = 60_000): Promise<void> {
      if (check()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`the spans expected did not arrive (${spans.length} received)`));
        }, timeoutMs);
        const waiter = {
          check,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
