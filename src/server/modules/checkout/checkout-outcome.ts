import { HttpError } from '../../http/errors.js';
import { PaymentUnconfirmed } from './attempt-state.js';
import { CodeRefused } from './pricing.js';

/**
 * How a checkout ended, as the metrics count it (shop_checkouts_total): paid; refused, with why
 * (nothing was charged); provider_error (the provider failed, timed out or left the payment
 * unconfirmed); error (anything else, a 500).
 */
export interface CheckoutOutcome {
  outcome: 'paid' | 'refused' | 'provider_error' | 'error';
  reason: string;
}

/**
 * What the checkout tells the metrics, a port the kernel's metrics implement (plugins/services.ts
 * passes it in; none when metrics are off), so this module never imports them.
 */
export interface CheckoutMetrics {
  ended(outcome: CheckoutOutcome): void;
  /** A paid order used a discount code. */
  discountUsed(): void;
}

/** A size sold out under the shopper: a 409 as before, told apart for the metrics. */
export class SoldOut extends HttpError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export const PAID: CheckoutOutcome = { outcome: 'paid', reason: 'paid' };

/** Refusals by status: a declined card (402), a bad card or cart (400, 404), a cart that changed (409). */
const REFUSAL_BY_STATUS: Record<number, string> = {
  400: 'invalid',
  402: 'card_declined',
  404: 'invalid',
  409: 'conflict',
};

/** The outcome of a checkout that ended in `error` (place-order.ts's errors, as run() catches them). */
export function outcomeOfError(error: unknown): CheckoutOutcome {
  if (error instanceof PaymentUnconfirmed) return { outcome: 'provider_error', reason: 'unconfirmed' };
  if (!(error instanceof HttpError)) return { outcome: 'error', reason: 'internal' };
  if (error instanceof SoldOut) return { outcome: 'refused', reason: 'sold_out' };
  if (error instanceof CodeRefused) return { outcome: 'refused', reason: 'code_refused' };
  // 502 provider_unavailable, 504 payment_timeout: nothing was charged, the provider is to blame.
  if (error.statusCode >= 500) return { outcome: 'provider_error', reason: error.code };
  return { outcome: 'refused', reason: REFUSAL_BY_STATUS[error.statusCode] ?? 'other' };
}
