import type Stripe from 'stripe';
import { isUuid } from '../../../domain/catalog.js';
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

/** A refund's outcome as Stripe reports it, for the shop's refund it names (metadata `refund`). */
export interface RefundOutcome {
  refundId: string;
  outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed' };
}

/**
 * The shop's refunds a `charge.refunded` event settles: those Stripe made for a refund of ours (it
 * carries our id) and that are over. Refunds made in Stripe's dashboard name none and are left to it.
 */
export function refundOutcomesOf(event: Stripe.Event): RefundOutcome[] {
  if (event.type !== 'charge.refunded') return [];
  const refunds = (event.data.object as Stripe.Charge).refunds?.data ?? [];
  return refunds.flatMap((refund): RefundOutcome[] => {
    const refundId = refund.metadata?.refund;
    if (!refundId || !isUuid(refundId)) return [];
    if (refund.status === 'succeeded')
      return [{ refundId, outcome: { status: 'succeeded', providerRefundId: refund.id } }];
    if (refund.status === 'failed' || refund.status === 'canceled')
      return [{ refundId, outcome: { status: 'failed' } }];
    return [];
  });
}

export type PaymentService = ReturnType<typeof createPaymentService>;
