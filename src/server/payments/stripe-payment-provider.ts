import Stripe from 'stripe';
import { PaymentError, type PaymentProvider } from './payment-provider.js';

export interface StripeOptions {
  secretKey: string;
  /** Another API address (a local stand-in in tests); Stripe's own by default. */
  apiUrl?: string;
}

export function createStripeClient({ secretKey, apiUrl }: StripeOptions): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

const UNAVAILABLE = 'The payment service is not answering. Your card was not charged; try again in a moment.';

/**
 * Stripe in production (DESIGN.md §3): cards never reach our server; Stripe
 * Elements turns them into a payment method in the browser, and the server
 * confirms a PaymentIntent for the amount it computed, with the checkout's
 * idempotency key so a retry never charges twice.
 */
export function createStripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',

    async createPaymentMethod() {
      throw new PaymentError(
        'use_stripe_elements',
        'Card details go straight to Stripe from the payment form; this shop never receives them.',
        400,
      );
    },

    async charge({ paymentMethodId, amountCents, userId, idempotencyKey, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            payment_method: paymentMethodId,
            confirm: true,
            description,
            metadata: { userId },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
        if (intent.status !== 'succeeded') {
          throw new PaymentError('payment_incomplete', 'Your payment could not be completed.', 402);
        }
        return { id: intent.id, amountCents: intent.amount };
      } catch (error) {
        if (error instanceof PaymentError) throw error;
        if (error instanceof Stripe.errors.StripeCardError) {
          throw new PaymentError(error.decline_code ?? error.code ?? 'card_declined', error.message, 402);
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new PaymentError(error.code ?? 'invalid_request', error.message, 400);
        }
        throw new PaymentError('provider_unavailable', UNAVAILABLE, 502);
      }
    },

    async refund(chargeId) {
      await stripe.refunds.create({ payment_intent: chargeId }, { idempotencyKey: `refund-${chargeId}` });
    },
  };
}
