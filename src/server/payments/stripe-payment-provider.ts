import { MESSAGES } from '../../domain/messages.js';
import Stripe from 'stripe';
import type { OrderDeliveryAddress } from '../../domain/payment.js';
import { PaymentError, PaymentOutcomeUnknown, type PaymentProvider } from './payment-provider.js';

export interface StripeOptions {
  secretKey: string;
  /** Another API address (a local stand-in in tests); Stripe's own by default. */
  apiUrl?: string;
  /**
   * How long one request may go unanswered (ms). The SDK's default is 80 s;
   * the charge runs inside the checkout's transaction, so it must be short.
   */
  timeoutMs?: number;
  /** Retries of a failed or unanswered request, by the SDK, with the same idempotency key. */
  maxNetworkRetries?: number;
}

/** The card's last four digits from a confirmed intent's charge, when Stripe expanded it. */
function cardOf(intent: Stripe.PaymentIntent): { cardLast4?: string } {
  const charge = intent.latest_charge;
  const last4 = typeof charge === 'object' ? charge?.payment_method_details?.card?.last4 : undefined;
  return last4 ? { cardLast4: last4 } : {};
}

/** At worst a charge holds the checkout (max retries + 1) x timeout, plus about 0.5 s between tries. */
export const STRIPE_REQUEST_DEFAULTS = { timeoutMs: 8_000, maxNetworkRetries: 1 } as const;

export function createStripeClient({
  secretKey,
  apiUrl,
  timeoutMs = STRIPE_REQUEST_DEFAULTS.timeoutMs,
  maxNetworkRetries = STRIPE_REQUEST_DEFAULTS.maxNetworkRetries,
}: StripeOptions): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries,
    timeout: timeoutMs,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

const timedOut = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError &&
  (error.detail as { code?: unknown } | undefined)?.code === 'ETIMEDOUT';

/** A request that never moves money failed: say so, as a refusal or as the provider's failure. */
function notCharged(error: unknown): PaymentError {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentError(error.decline_code ?? error.code ?? 'card_declined', error.message, 402);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentError(error.code ?? 'invalid_request', error.message, 400);
  }
  if (timedOut(error)) return new PaymentError('payment_timeout', MESSAGES.checkout.providerTimeout, 504);
  return new PaymentError('provider_unavailable', MESSAGES.checkout.providerUnavailable, 502);
}

/** The order's delivery address as a PaymentIntent's `shipping`: the state by its USPS code, in the US. */
function shippingOf(address: OrderDeliveryAddress): Stripe.PaymentIntentCreateParams.Shipping {
  return {
    name: address.name,
    ...(address.phone === undefined ? {} : { phone: address.phone }),
    address: {
      line1: address.line1,
      ...(address.line2 === undefined ? {} : { line2: address.line2 }),
      city: address.city,
      state: address.stateCode,
      postal_code: address.postal_code,
      country: 'US',
    },
  };
}

/**
 * Stripe in production (docs/decisions/001): cards never reach our server; Stripe
 * Elements turns them into a payment method in the browser. The server
 * creates a PaymentIntent for the amount it computed (no money moves), and
 * then confirms it, each with an idempotency key derived from the checkout's,
 * so a retry — the SDK's own or the shopper's — never charges twice. When a
 * confirmation gets no clear answer, `settle` cancels the intent unless it
 * succeeded: after that the outcome is known and final.
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

    async saveCard(userId, paymentMethodId) {
      try {
        // A SetupIntent confirmed now, for a charge later without the shopper (off session).
        const intent = await stripe.setupIntents.create(
          {
            payment_method: paymentMethodId,
            confirm: true,
            usage: 'off_session',
            metadata: { userId },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['payment_method'],
          },
          { idempotencyKey: `setup:${userId}:${paymentMethodId}` },
        );
        if (intent.status !== 'succeeded')
          throw new PaymentError('setup_incomplete', 'Your card could not be saved.', 402);
        const card = typeof intent.payment_method === 'object' ? intent.payment_method?.card : undefined;
        if (!card?.fingerprint)
          throw new PaymentError('invalid_payment_method', MESSAGES.checkout.paymentMethodInvalid, 400);
        return { fingerprint: card.fingerprint, last4: card.last4 ?? null };
      } catch (error) {
        if (error instanceof PaymentError) throw error;
        throw notCharged(error);
      }
    },

    async prepare({ paymentMethodId, amountCents, userId, idempotencyKey, description, deliveryAddress }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            payment_method: paymentMethodId,
            description,
            metadata: { userId, checkoutKey: idempotencyKey },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            // Where the parcel goes, for Stripe's fraud checks and the Dashboard (issue 31 item 9).
            ...(deliveryAddress ? { shipping: shippingOf(deliveryAddress) } : {}),
          },
          { idempotencyKey },
        );
        return { id: intent.id };
      } catch (error) {
        // An intent that is not confirmed charges nothing, whatever became of this request.
        throw notCharged(error);
      }
    },

    async charge({ paymentId, idempotencyKey }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.confirm(
          paymentId,
          { expand: ['latest_charge'] },
          { idempotencyKey: `${idempotencyKey}:confirm` },
        );
      } catch (error) {
        // A refusal is final. Anything else (timeout, reset, 5xx, 409, a replayed 500...) may
        // have come after Stripe confirmed: only settle() can tell.
        if (error instanceof Stripe.errors.StripeCardError) throw notCharged(error);
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code !== 'payment_intent_unexpected_state'
        ) {
          throw notCharged(error);
        }
        throw new PaymentOutcomeUnknown(paymentId, timedOut(error), { cause: error });
      }
      if (intent.status === 'succeeded')
        return { id: intent.id, amountCents: intent.amount, ...cardOf(intent) };
      if (intent.status === 'processing') throw new PaymentOutcomeUnknown(paymentId, false);
      // Waiting for an action this checkout cannot take (3-D Secure...): make sure it never completes.
      await stripe.paymentIntents.cancel(paymentId).catch(() => undefined);
      throw new PaymentError('payment_incomplete', 'Your payment could not be completed.', 402);
    },

    async settle(paymentId) {
      try {
        // Cancelling first closes the race with a confirmation still on its way.
        const canceled = await stripe.paymentIntents.cancel(paymentId);
        if (canceled.status === 'canceled') return 'canceled';
      } catch (error) {
        // Refused (already succeeded or cancelled): the intent below says which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw new PaymentOutcomeUnknown(paymentId, timedOut(error), { cause: error });
        }
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentId);
      } catch (error) {
        throw new PaymentOutcomeUnknown(paymentId, timedOut(error), { cause: error });
      }
      if (intent.status === 'succeeded') return 'succeeded';
      if (intent.status === 'canceled') return 'canceled';
      throw new PaymentOutcomeUnknown(paymentId, false);
    },

    async refundPart({ chargeId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          // The shop's refund id travels with it: Stripe's charge.refunded webhook names it back.
          { payment_intent: chargeId, amount: amountCents, metadata: { refund: idempotencyKey } },
          { idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        // Refused (more than is left, a payment that cannot be refunded): nothing moved.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new PaymentError(error.code ?? 'invalid_request', error.message, 400);
        }
        if (
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError
        ) {
          // The same key asked again tells: the refund is kept pending until then.
          throw new PaymentOutcomeUnknown(chargeId, timedOut(error), { cause: error });
        }
        throw error;
      }
    },

    async refund(chargeId) {
      // No fixed idempotency key: Stripe would replay a failed first refund forever. Refunding
      // twice is refused as already refunded, which is what was wanted.
      try {
        await stripe.refunds.create({ payment_intent: chargeId });
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        ) {
          return;
        }
        throw error;
      }
    },
  };
}
