import type { OrderDeliveryAddress, PaymentMethodRequest } from '../../domain/payment.js';

/**
 * A payment the provider refused, or could not start: nothing was charged.
 * `code` is Stripe's decline code, `message` fit to show.
 */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /**
     * 402 for a refused payment, 400 for a bad card, 502 when the provider
     * failed and 504 when it did not answer in time (in both, nothing was charged).
     */
    readonly status: 400 | 402 | 502 | 504 = 402,
  ) {
    super(message);
  }
}

/**
 * The provider did not say whether the money moved: a timeout, a reset
 * connection or a 5xx after the charge was sent. Only `settle` can tell.
 */
export class PaymentOutcomeUnknown extends Error {
  constructor(
    readonly paymentId: string,
    /** True when the provider did not answer in time (rather than failing). */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(`The outcome of payment ${paymentId} is unknown`, options);
  }
}

export interface Charge {
  /** The payment's id (`pi_...`): an order's `idPayment`. */
  id: string;
  amountCents: number;
  /** The last four digits of the card charged, when the provider says (the receipt names the card). */
  cardLast4?: string;
}

export interface SavedCard {
  /** The card's fingerprint at the provider: one per card number, whoever saved it. */
  fingerprint: string;
  last4: string | null;
}

export interface ChargeRequest {
  paymentMethodId: string;
  amountCents: number;
  userId: string;
  /** The same key always designates the same payment: it never charges twice (the provider deduplicates). */
  idempotencyKey: string;
  description: string;
  /** Where the order goes, when the checkout was given it: Stripe's `shipping` (issue 31 item 9). */
  deliveryAddress?: OrderDeliveryAddress;
}

/** What became of a payment once it is final: captured, or never to be captured. */
export type SettledPayment = 'succeeded' | 'canceled';

/**
 * One interface for the built-in test processor and Stripe (docs/decisions/001).
 * A payment goes in two steps so that its id is known, and recorded, before
 * any money can move: whatever happens after that (timeout, crash), the
 * payment can be looked up and settled.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Turns a card into a payment method id (`pm_...`), like Stripe.js's createPaymentMethod. */
  createPaymentMethod(userId: string, request: PaymentMethodRequest): Promise<{ id: string }>;
  /**
   * Saves a card to be charged later, off session, if it wins a draw (Stripe's SetupIntent; the test
   * processor checks the method is the shopper's). The fingerprint is the same for every method made
   * from one card number, so one card is one entry. Throws a PaymentError when the card is refused.
   */
  saveCard(userId: string, paymentMethodId: string): Promise<SavedCard>;
  /**
   * Registers the payment without moving money (a PaymentIntent not yet
   * confirmed); the same idempotency key gives back the same payment.
   * Throws a PaymentError when it cannot.
   */
  prepare(request: ChargeRequest): Promise<{ id: string }>;
  /**
   * Captures a prepared payment. Throws a PaymentError when it was refused
   * (nothing charged) or PaymentOutcomeUnknown when nobody can tell yet.
   * Repeating the same request never charges twice.
   */
  charge(request: ChargeRequest & { paymentId: string }): Promise<Charge>;
  /**
   * Makes a payment's outcome final and says which it is: a payment not
   * captured is cancelled, so it never can be; a captured one is reported as
   * succeeded. Never captures. Throws PaymentOutcomeUnknown when the provider
   * still cannot be asked.
   */
  settle(paymentId: string): Promise<SettledPayment>;
  /** Gives the money back when an order could not be kept after a capture (idempotent). */
  refund(chargeId: string): Promise<void>;
  /**
   * Gives part (or all) of a captured payment back, for a refund the staff decided (issue 19). The
   * same idempotency key never refunds twice. Throws a PaymentError when the provider refuses (more
   * than is left, say) and PaymentOutcomeUnknown when nobody can tell whether it went through.
   */
  refundPart(request: RefundRequest): Promise<{ id: string }>;
}

export interface RefundRequest {
  /** The captured payment: the order's idPayment. */
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}
