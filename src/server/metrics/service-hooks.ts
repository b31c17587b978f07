import type { ShopMetrics } from './shop-metrics.js';

/**
 * The small ports the services are handed (plugins/services.ts), so that the checkout and the
 * cache count where they decide without importing the metrics: each is undefined when metrics
 * are off, and the code that calls it does nothing.
 */
export function serviceHooksOf(metrics: ShopMetrics | undefined) {
  if (!metrics) return { checkout: undefined, cacheLookup: undefined };
  return {
    /** Matches modules/checkout/checkout-outcome.ts's CheckoutMetrics. */
    checkout: {
      ended: (ended: { outcome: string; reason: string }) => metrics.checkouts.inc(ended),
      discountUsed: () => metrics.discountUses.inc(),
    },
    /** Matches cache/response-cache.ts's CacheLookupObserver. */
    cacheLookup: (store: string, result: string) => metrics.cache.inc({ store, result }),
  };
}
