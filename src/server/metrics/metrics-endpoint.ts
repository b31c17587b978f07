import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { bearerMatches } from './bearer-token.js';
import type { ShopMetrics } from './shop-metrics.js';

const PATH = '/metrics';

/**
 * `/metrics`, never public (docs/operations.md, "Metrics"):
 * - METRICS_TOKEN: on the main port, to `Authorization: Bearer <token>` only (401 otherwise); left
 *   out of the OpenAPI document, which describes the shop's API, not its operations;
 * - METRICS_PORT: on a listener of its own at METRICS_HOST (127.0.0.1 unless told), for a
 *   Prometheus on the same host or network; no token there, the address is the boundary.
 * Neither set: no route, so /metrics is a 404 like any unknown path.
 */
export function registerMetricsEndpoint(app: FastifyInstance, metrics: ShopMetrics, config: Config): void {
  const { registry } = metrics;
  const token = config.METRICS_TOKEN;
  if (token) {
    app.get(PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: { code: 'unauthorized', message: 'The metrics need their bearer token.' } });
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }
  const port = config.METRICS_PORT;
  if (port === undefined) return;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics not collected\n');
      },
    );
  });
  // With the app: a port already taken fails the start, loudly, rather than leaving metrics off.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.METRICS_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: server.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
