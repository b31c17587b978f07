import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerHttpMetrics } from './http-metrics.js';
import { registerMetricsEndpoint } from './metrics-endpoint.js';
import { createShopMetrics, type ShopMetrics } from './shop-metrics.js';

/** Metrics are on when they can be read somewhere: a port of their own, or a token for the main one. */
export const metricsEnabled = (config: Config): boolean =>
  config.METRICS_PORT !== undefined || Boolean(config.METRICS_TOKEN);

/**
 * The app's metrics, or none when they are off (then nothing is counted or timed at all). Built
 * before the services, which take their hooks (plugins/services.ts), and registered on the app:
 * the request hook and /metrics.
 */
export function setUpMetrics(app: FastifyInstance, config: Config): ShopMetrics | undefined {
  if (!metricsEnabled(config)) return undefined;
  const metrics = createShopMetrics();
  registerHttpMetrics(app, metrics);
  registerMetricsEndpoint(app, metrics, config);
  return metrics;
}
