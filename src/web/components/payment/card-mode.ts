import { z } from 'zod';
import type { CheckoutAddress } from '../../../domain/forms';
import { ApiError } from '../../api/http';
import type { PaymentsConfig } from '../../api/use-payments-config';
import { withBillingAddress } from './address-input';

/**
 * Which card field the payment form shows: ours for the built-in test processor, Stripe Elements'
 * when the server takes payments with Stripe, none while the config is on its way or when
 * Stripe is chosen without a publishable key (the server refuses card numbers then).
 */
export type CardMode =
  | { kind: 'pending' }
  | { kind: 'test' }
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'unavailable' };

/**
 * The card mode for `GET /api/payments/config`. A config that cannot be read leaves our own
 * fields: that is what the test processor needs, and a Stripe server refuses them with its reason.
 */
export function cardModeOf({
  data,
  isError,
}: {
  data: PaymentsConfig | undefined;
  isError: boolean;
}): CardMode {
  if (data?.provider === 'stripe') {
    return data.publishableKey
      ? { kind: 'stripe', publishableKey: data.publishableKey }
      : { kind: 'unavailable' };
  }
  if (data || isError) return { kind: 'test' };
  return { kind: 'pending' };
}

/**
 * The payment form with Stripe's card field: the card is typed into Stripe's iframe, so the form
 * checks the addresses only; our card inputs are not rendered and stay empty.
 */
export const stripePaymentFormSchema = withBillingAddress({
  cardNumber: z.string(),
  expiry: z.string(),
  cvc: z.string(),
});

/** `billing_details` of Stripe.js's createPaymentMethod for the card's billing address. */
export interface StripeBillingDetails {
  name: string;
  address: { city: string; line1: string; state: string; postal_code: string };
}

export function stripeBillingDetails({
  name,
  city,
  line1,
  state,
  postal_code,
}: CheckoutAddress): StripeBillingDetails {
  return { name, address: { city, line1, state, postal_code } };
}

/** What the payment form asks of Stripe's card field once it is ready. */
export interface StripeCardHandle {
  /** How many times the shopper changed the card: the same count means the same card. */
  edits(): number;
  /** `stripe.createPaymentMethod` with the card field; resolves with its `pm_...` id. */
  createPaymentMethod(billing: StripeBillingDetails): Promise<string>;
  clear(): void;
}

/** The card field refused the card before anything was sent; it shows why itself, as a field error. */
export class CardFieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardFieldError';
  }
}

/** The parts of a Stripe.js error we read. */
export interface StripeJsError {
  type: string;
  code?: string;
  message?: string;
}

/**
 * A Stripe.js failure told as the API's own failures are, so the form handles both alike:
 * no connection is "no answer" (status 0), a card refused is 402, anything else a 400.
 */
export function stripeFailure(error: StripeJsError): ApiError {
  const status = error.type === 'api_connection_error' ? 0 : error.type === 'card_error' ? 402 : 400;
  return new ApiError(status, error.code ?? error.type, error.message ?? 'Stripe could not take the card.');
}

/** `promise`, or a rejection with `message` when it has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
