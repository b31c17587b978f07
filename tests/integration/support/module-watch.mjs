// `node --import <this file>`: writes the URL of every OpenTelemetry or @fastify/otel module the
// process imports to the file MODULE_WATCH_FILE names, one a line (tests/integration/tracing.test.ts
// checks that a shop without an OTLP endpoint loads no SDK). Plain ESM: Node loads it as it is.
import { register } from 'node:module';

register('./module-watch-hooks.mjs', import.meta.url);
