import type { FastifyInstance } from 'fastify';

/** Tracing once started (sdk.ts): what app.ts registers on the server, and the flush at shutdown. */
export interface Tracing {
  /** The request spans and their validation spans (request-spans.ts), for the request's log line too. */
  register(app: FastifyInstance): Promise<void>;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

const isSet = (value: string | undefined) => Boolean(value?.trim());

/**
 * On when an OTLP endpoint is given (the standard variables, docs/operations.md "Traces"), unless
 * OTEL_SDK_DISABLED says otherwise.
 */
export function tracingWanted(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts OpenTelemetry's SDK when it is wanted, before the shop's modules load (main.ts): the pg,
 * http and undici instrumentations patch those modules as they are first required. Off, the SDK
 * is never imported: a shop without an endpoint loads none of it.
 */
export async function startTracing(env: Env = process.env): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const { startSdk } = await import('./sdk.js');
  return startSdk();
}
