import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached list's sub-millisecond answer to a checkout held up by a slow provider. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: the test processor answers in microseconds, Stripe in hundreds of milliseconds. */
const PROVIDER_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

/**
 * The shop's series (docs/operations.md, "Metrics"), in a registry of this app's own: tests build
 * many apps in one process, and prom-client's global registry would refuse the second's names.
 * Built only when metrics are on (METRICS_PORT or METRICS_TOKEN), so they cost nothing otherwise.
 */
export function createShopMetrics() {
  const registry = new Registry();
  // Process and Node.js series (CPU, memory, GC, nodejs_eventloop_lag_*), for this registry.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  return {
    registry,
    http: {
      requests: new Counter({
        name: 'shop_http_requests_total',
        help: 'HTTP requests answered, by route pattern, method and status class (2xx, 3xx, 4xx, 5xx).',
        labelNames: ['route', 'method', 'status_class'] as const,
        registers,
      }),
      errors: new Counter({
        name: 'shop_http_request_errors_total',
        help: 'HTTP requests answered with a 5xx, by route pattern and method.',
        labelNames: ['route', 'method'] as const,
        registers,
      }),
      duration: new Histogram({
        name: 'shop_http_request_duration_seconds',
        help: 'Time from a request received to its answer sent, by route pattern, method and status class.',
        labelNames: ['route', 'method', 'status_class'] as const,
        buckets: HTTP_BUCKETS,
        registers,
      }),
    },
    checkouts: new Counter({
      name: 'shop_checkouts_total',
      help: 'Checkouts ended, by outcome (paid, refused, provider_error, error) and reason.',
      labelNames: ['outcome', 'reason'] as const,
      registers,
    }),
    discountUses: new Counter({
      name: 'shop_discount_code_uses_total',
      help: 'Paid orders that used a discount code.',
      registers,
    }),
    provider: {
      duration: new Histogram({
        name: 'shop_payment_provider_duration_seconds',
        help: 'Payment provider calls, by provider, operation (prepare, charge, settle, refund...) and result.',
        labelNames: ['provider', 'operation', 'result'] as const,
        buckets: PROVIDER_BUCKETS,
        registers,
      }),
      refunds: new Counter({
        name: 'shop_refunds_total',
        help: 'Refunds made, by kind (partial: an order refund, by the staff or for a return, counted once when settled; whole: a checkout undone).',
        labelNames: ['kind'] as const,
        registers,
      }),
      refundedCents: new Counter({
        name: 'shop_refunded_cents_total',
        help: 'Cents given back by order refunds (staff or return), counted once when settled (a whole refund of an undone checkout is not counted here).',
        registers,
      }),
    },
    cache: new Counter({
      name: 'shop_catalog_cache_lookups_total',
      help: 'Catalogue cache lookups, by store (answers, pages) and result (hit, miss, shared: joined a computation under way).',
      labelNames: ['store', 'result'] as const,
      registers,
    }),
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
