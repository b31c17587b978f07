import type Stripe from 'stripe';
import type { PaymentMethodRequest } from '../../../domain/payment.js';
import { HttpError } from '../../http/errors.js';
import { PaymentError, type PaymentProvider } from '../../payments/payment-provider.js';

export interface PaymentServiceOptions {
  provider: PaymentProvider;
  /** Stripe.js's key, handed to the payment form with PAYMENTS=stripe. */
  publishableKey?: string;
  /** With Stripe and STRIPE_WEBHOOK_SECRET: Stripe's events are received and checked. */
  webhook?: { stripe: Stripe; secret: string };
}

/**
 * The card processor as the payment form sees it: which one it talks to, and (test mode) cards
 * turned into payment methods. Charging is the checkout's (modules/checkout).
 */
export function createPaymentService({ provider, publishableKey, webhook }: PaymentServiceOptions) {
  return {
    config() {
      return {
        provider: provider.name,
        publishableKey: provider.name === 'stripe' ? (publishableKey ?? null) : null,
      };
    },

    async createPaymentMethod(userId: string, card: PaymentMethodRequest): Promise<{ id: string }> {
      try {
        return await provider.createPaymentMethod(userId, card);
      } catch (error) {
        if (error instanceof PaymentError) throw new HttpError(error.status, error.code, error.message);
        throw error;
      }
    },

    /** Undefined unless Stripe's webhook is configured. */
    stripeEvents: webhook && {
      /** Only an event whose signature checks out with STRIPE_WEBHOOK_SECRET is accepted. */
      verify(body: unknown, signature: unknown): Stripe.Event {
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
          throw new HttpError(400, 'bad_signature', 'Missing Stripe signature');
        }
        try {
          return webhook.stripe.webhooks.constructEvent(body, signature, webhook.secret);
        } catch {
          throw new HttpError(400, 'bad_signature', 'Invalid Stripe signature');
        }
      },
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
