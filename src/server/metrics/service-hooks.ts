import type { ShopMetrics } from './shop-metrics.js';

/**
 * The small ports the services are handed (plugins/services.ts), so that the checkout and the
 * cache count where they decide without importing the metrics: each is undefined when metrics
 * are off, and the code that calls it does nothing.
 */
export function serviceHooksOf(metrics: ShopMetrics | undefined) {
  if (!metrics) return { checkout: undefined, refunds: undefined, cacheLookup: undefined };
  return {
    /** Matches modules/checkout/checkout-outcome.ts's CheckoutMetrics. */
    checkout: {
      ended: (ended: { outcome: string; reason: string }) => metrics.checkouts.inc(ended),
      discountUsed: () => metrics.discountUses.inc(),
    },
    /** Matches modules/fulfilment/service.ts's RefundMetrics: a refund settled as gone through, once. */
    refunds: {
      refunded: (amountCents: number) => {
        metrics.provider.refunds.inc({ kind: 'partial' });
        metrics.provider.refundedCents.inc(amountCents);
      },
    },
    /** Matches cache/response-cache.ts's CacheLookupObserver. */
    cacheLookup: (store: string, result: string) => metrics.cache.inc({ store, result }),
  };
}
