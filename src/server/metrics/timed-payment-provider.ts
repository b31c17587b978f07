import { PaymentError, PaymentOutcomeUnknown, type PaymentProvider } from '../payments/payment-provider.js';
import type { ShopMetrics } from './shop-metrics.js';

/** How a provider call ended: ok, refused (a PaymentError: nothing moved), unknown (timeout...) or error. */
function resultOf(error: unknown): string {
  if (error instanceof PaymentError) return 'refused';
  if (error instanceof PaymentOutcomeUnknown) return 'unknown';
  return 'error';
}

type Operation = Exclude<keyof PaymentProvider, 'name'>;
const OPERATIONS: readonly Operation[] = [
  'createPaymentMethod',
  'saveCard',
  'prepare',
  'charge',
  'settle',
  'refund',
  'refundPart',
];

/**
 * The provider with each call timed (shop_payment_provider_duration_seconds) and its whole refunds
 * (a checkout undone) counted, wrapped once where the services are built: the checkout, fulfilment
 * and payments modules call it unaware. An order's refunds are counted where they are settled
 * (modules/fulfilment, service-hooks.ts), not here: the same refund may be asked of the provider
 * more than once (a retry under its idempotency key, two staff at once) and is made only once.
 */
export function timePaymentProvider(provider: PaymentProvider, metrics: ShopMetrics): PaymentProvider {
  const { duration, refunds } = metrics.provider;
  const timed =
    <A extends unknown[], R>(operation: Operation, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = duration.startTimer({ provider: provider.name, operation });
      try {
        const value = await call(...args);
        end({ result: 'ok' });
        return value;
      } catch (error) {
        end({ result: resultOf(error) });
        throw error;
      }
    };
  const wrapped = Object.fromEntries(
    OPERATIONS.map((operation) => [
      operation,
      timed(operation, (provider[operation] as (...args: unknown[]) => Promise<unknown>).bind(provider)),
    ]),
  ) as Omit<PaymentProvider, 'name'>;
  return {
    ...wrapped,
    name: provider.name,
    async refund(chargeId) {
      await wrapped.refund(chargeId);
      refunds.inc({ kind: 'whole' });
    },
  };
}
