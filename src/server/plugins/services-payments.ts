import type { Config } from '../config.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';
import { timePaymentProvider } from '../metrics/timed-payment-provider.js';
import { createTestPaymentProvider } from '../payments/test-payment-provider.js';
import { tracePaymentProvider } from '../tracing/traced-payment-provider.js';

/**
 * The payment provider (services.ts's payments group): Stripe or the built-in test processor, each
 * call in a span (a no-op unless tracing is on) and timed, refunds counted, when metrics are on.
 */
export async function wirePayments(options: { config: Config; secret: string; metrics?: ShopMetrics }) {
  const { config, secret, metrics } = options;
  // The Stripe SDK loads only when payments go through Stripe: test mode starts without it.
  const stripeModule =
    config.PAYMENTS === 'stripe' ? await import('../payments/stripe-payment-provider.js') : undefined;
  const stripe = stripeModule?.createStripeClient({
    secretKey: config.STRIPE_SECRET_KEY!,
    apiUrl: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
  });
  const traced = tracePaymentProvider(
    stripeModule && stripe
      ? stripeModule.createStripePaymentProvider(stripe)
      : createTestPaymentProvider(secret, { latencyMs: config.TEST_PAYMENT_LATENCY_MS }),
  );
  const provider = metrics ? timePaymentProvider(traced, metrics) : traced;
  return { stripe, provider };
}
