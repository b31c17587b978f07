import type { FastifyInstance } from 'fastify';
import type { ShopMetrics } from './shop-metrics.js';

/** A request no route matched (a 404 for an unknown path): one series for all, whatever the URL. */
const UNMATCHED = 'unmatched';

/**
 * One onResponse hook: the request counted and timed under its route pattern (`/api/shoes/:id`,
 * never the raw URL, whose ids and queries would make a series per shoe) and method.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  const { requests, errors, duration } = metrics.http;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const method = request.method;
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.inc({ route, method, status_class: statusClass });
    duration.observe({ route, method, status_class: statusClass }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route, method });
  });
}
