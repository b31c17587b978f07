import type { Attributes } from '@opentelemetry/api';
import { PaymentError, PaymentOutcomeUnknown, type PaymentProvider } from '../payments/payment-provider.js';
import { inSpan } from './spans.js';

/** What a failed call says in its span: the provider's code (a decline code, never card data). */
function failureOf(error: unknown): Attributes {
  if (error instanceof PaymentError) return { 'payment.error_code': error.code };
  if (error instanceof PaymentOutcomeUnknown) return { 'payment.outcome': 'unknown' };
  return {};
}

/**
 * The payment provider with a span around each call ("payment.charge"...), wrapped once where it
 * is made (plugins/services.ts): the provider's name and the operation, nothing of the card, the
 * shopper or the address. With Stripe, its SDK's HTTP request is the span's child (instrumentation-http).
 */
export function tracePaymentProvider(provider: PaymentProvider): PaymentProvider {
  const traced = <T>(operation: string, call: () => Promise<T>) =>
    inSpan(
      `payment.${operation}`,
      { 'payment.provider': provider.name, 'payment.operation': operation },
      call,
      failureOf,
    );
  return {
    name: provider.name,
    createPaymentMethod: (userId, request) =>
      traced('create_payment_method', () => provider.createPaymentMethod(userId, request)),
    saveCard: (userId, methodId) => traced('save_card', () => provider.saveCard(userId, methodId)),
    prepare: (request) => traced('prepare', () => provider.prepare(request)),
    charge: (request) => traced('charge', () => provider.charge(request)),
    settle: (paymentId) => traced('settle', () => provider.settle(paymentId)),
    refund: (chargeId) => traced('refund', () => provider.refund(chargeId)),
    refundPart: (request) => traced('refund_part', () => provider.refundPart(request)),
  };
}
