import { MESSAGES } from '../../domain/messages.js';
import crypto from 'node:crypto';
import {
  isExpired,
  paymentMethodRequestSchema,
  TEST_CARD_OUTCOMES,
  type CardOutcome,
} from '../../domain/payment.js';
import { PaymentError, type PaymentProvider } from './payment-provider.js';

interface MethodClaims {
  /** Whose card this is: nobody else may pay with it. */
  user: string;
  outcome: CardOutcome;
  last4: string;
  /**
   * One per card (keyed with the shop's secret): a draw's one entry per card. Everyone tests with
   * Stripe's few test numbers, so test mode tells cards apart by number, expiry and CVC together.
   */
  fingerprint?: string;
  nonce: string;
}

interface TestPayment {
  id: string;
  amountCents: number;
  status: 'requires_confirmation' | 'succeeded' | 'canceled';
  refunded: boolean;
  /** Given back by refundPart so far. */
  refundedCents: number;
}

/**
 * The built-in test-mode card processor: it behaves like Stripe's test mode
 * (Luhn, expiry and CVC checks; Stripe's test cards with their outcomes; any
 * other number refused). A payment method id is a signed token carrying its
 * owner and outcome, so no state is needed to check it on any instance; that
 * it is used once is kept by the orders table (one order per method).
 */
export function createTestPaymentProvider(
  secret: string,
  options: {
    /** Each capture answers after this long (TEST_PAYMENT_LATENCY_MS): a real provider's round trip. */
    latencyMs?: number;
  } = {},
): PaymentProvider {
  const latencyMs = options.latencyMs ?? 0;
  const sign = (payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');
  // Like Stripe, one idempotency key gives back its first payment; bounded, as test mode keeps no books.
  const byKey = new Map<string, TestPayment>();
  const byId = new Map<string, TestPayment>();
  const refundsByKey = new Map<string, { id: string }>();
  const remember = (key: string, payment: TestPayment) => {
    byKey.set(key, payment);
    byId.set(payment.id, payment);
    if (byKey.size > 50_000) {
      const [oldestKey, oldest] = byKey.entries().next().value!;
      byKey.delete(oldestKey);
      byId.delete(oldest.id);
    }
  };
  function readMethod(id: string): MethodClaims {
    const [payload, signature] = id.replace(/^pm_/, '').split('.');
    const expected = payload ? sign(payload) : '';
    if (
      !payload ||
      !signature ||
      signature.length !== expected.length ||
      !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    ) {
      throw new PaymentError(
        'invalid_payment_method',
        'This payment method is not valid. Enter your card again.',
        400,
      );
    }
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MethodClaims;
  }

  return {
    name: 'test',

    async createPaymentMethod(userId, request) {
      const { card } = paymentMethodRequestSchema.parse(request);
      if (isExpired(card.exp_month, card.exp_year))
        throw new PaymentError('invalid_expiry', MESSAGES.payment.expiry, 400);
      const outcome = TEST_CARD_OUTCOMES[card.number as keyof typeof TEST_CARD_OUTCOMES];
      if (!outcome) throw new PaymentError('not_test_card', MESSAGES.payment.notTestCard, 402);
      const claims: MethodClaims = {
        user: userId,
        outcome,
        last4: card.number.slice(-4),
        fingerprint: sign(`card:${card.number}:${card.exp_month}/${card.exp_year}:${card.cvc}`).slice(0, 24),
        nonce: crypto.randomBytes(9).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { id: `pm_${payload}.${sign(payload)}` };
    },

    async saveCard(userId, paymentMethodId) {
      const claims = readMethod(paymentMethodId);
      if (claims.user !== userId || !claims.fingerprint) {
        throw new PaymentError('invalid_payment_method', MESSAGES.checkout.paymentMethodInvalid, 400);
      }
      // Like a SetupIntent, a card that would be refused is refused now rather than at the draw;
      // one that declines only when charged (insufficient funds) is saved, as Stripe saves it.
      if (claims.outcome === 'card_declined' || claims.outcome === 'expired_card') {
        throw new PaymentError(claims.outcome, MESSAGES.payment[claims.outcome]);
      }
      return { fingerprint: claims.fingerprint, last4: claims.last4 };
    },

    async prepare({ paymentMethodId, amountCents, userId, idempotencyKey }) {
      const claims = readMethod(paymentMethodId);
      if (claims.user !== userId) {
        throw new PaymentError(
          'invalid_payment_method',
          'This payment method is not valid. Enter your card again.',
          400,
        );
      }
      const earlier = byKey.get(idempotencyKey);
      if (earlier) return { id: earlier.id };
      const payment: TestPayment = {
        id: `pi_${crypto.randomBytes(12).toString('hex')}`,
        amountCents,
        status: 'requires_confirmation',
        refunded: false,
        refundedCents: 0,
      };
      remember(idempotencyKey, payment);
      return { id: payment.id };
    },

    async charge({ paymentId, paymentMethodId }) {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const claims = readMethod(paymentMethodId);
      const payment = byId.get(paymentId);
      if (!payment || payment.status === 'canceled') {
        throw new PaymentError('payment_intent_unexpected_state', 'This payment was cancelled.', 400);
      }
      const charged = { id: payment.id, amountCents: payment.amountCents, cardLast4: claims.last4 };
      if (payment.status === 'succeeded') return charged;
      if (claims.outcome !== 'succeeded') {
        throw new PaymentError(claims.outcome, MESSAGES.payment[claims.outcome]);
      }
      payment.status = 'succeeded';
      return charged;
    },

    async settle(paymentId) {
      const payment = byId.get(paymentId);
      if (payment?.status === 'succeeded') return 'succeeded';
      if (payment) payment.status = 'canceled';
      return 'canceled';
    },

    async refund(chargeId) {
      // Test mode moves no real money; the payment is only marked.
      const payment = byId.get(chargeId);
      if (payment) payment.refunded = true;
    },

    async refundPart({ chargeId, amountCents, idempotencyKey }) {
      const earlier = refundsByKey.get(idempotencyKey);
      if (earlier) return earlier;
      // A payment this process did not capture (another instance's, or before a restart) is taken
      // at its word: test mode keeps no books, the shop's own refunds table does.
      const payment = byId.get(chargeId);
      if (payment && payment.refundedCents + amountCents > payment.amountCents) {
        throw new PaymentError(
          'amount_too_large',
          'The refund is larger than what is left of the payment.',
          400,
        );
      }
      if (payment) payment.refundedCents += amountCents;
      const refund = { id: `re_${crypto.randomBytes(12).toString('hex')}` };
      refundsByKey.set(idempotencyKey, refund);
      return refund;
    },
  };
}
