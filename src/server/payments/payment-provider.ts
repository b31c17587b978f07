import type { PaymentMethodRequest } from '../../domain/payment.js';

/** A refused card or payment; `code` is Stripe's decline code, `message` fit to show. */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** 402 for a refused payment, 400 for a bad card, 502 when the provider failed. */
    readonly status: 400 | 402 | 502 = 402,
  ) {
    super(message);
  }
}

export interface Charge {
  /** The payment's id (`pi_...`): an order's `idPayment`. */
  id: string;
  amountCents: number;
}

export interface ChargeRequest {
  paymentMethodId: string;
  amountCents: number;
  userId: string;
  /** The same key never charges twice (the provider deduplicates). */
  idempotencyKey: string;
  description: string;
}

/** One interface for the built-in test processor and Stripe (DESIGN.md §3). */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Turns a card into a payment method id (`pm_...`), like Stripe.js's createPaymentMethod. */
  createPaymentMethod(userId: string, request: PaymentMethodRequest): Promise<{ id: string }>;
  /** Captures the amount, or throws a PaymentError. */
  charge(request: ChargeRequest): Promise<Charge>;
  /** Gives the money back when an order could not be kept after a capture. */
  refund(chargeId: string): Promise<void>;
}
