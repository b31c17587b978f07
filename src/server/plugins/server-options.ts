import type { FastifyServerOptions } from 'fastify';
import { httpTimeoutsOf, trustProxyOf, type Config } from '../config.js';
import { answerFrameworkError } from '../http/framework-errors.js';
import { batchedStandardOutput } from '../http/log-destination.js';
import { redactLogObject, serializeRequest } from '../http/log-redaction.js';
import { requestIdOf } from '../http/request-id.js';
import { RequestLog } from '../http/request-log.js';

/** The JSON body limit; images come as multipart forms (plugins/multipart.ts) with limits of their own. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify's own options: the logger, request ids, the proxy to trust, limits and timeouts. */
export function serverOptionsOf(
  config: Config,
  { logger, logStream }: { logger: boolean; logStream?: { write(line: string): void } },
): FastifyServerOptions {
  return {
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // No credential, token or card number in a log line, whatever a client puts in a URL.
          serializers: { req: serializeRequest },
          // A child logger's bindings too (pino's redact covered them).
          formatters: { log: redactLogObject, bindings: redactLogObject },
          // Standard output, one write per turn of the event loop (http/log-destination.ts).
          stream: logStream ?? batchedStandardOutput(),
        }
      : false,
    // One line per request instead of Fastify's two.
    logController: new RequestLog(),
    genReqId: requestIdOf,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    ...httpTimeoutsOf(config),
  };
}
