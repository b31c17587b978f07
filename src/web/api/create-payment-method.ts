import type { PaymentMethodRequest } from '../../domain/payment';
import { apiUrl, sendJson } from './http';
import { paymentMethodAnswerSchema as paymentMethodSchema } from '../../domain/contracts/checkout';

/**
 * `POST /api/payments/methods`: turns the card and billing details into a one-use
 * payment method id (`pm_...`), as Stripe.js's createPaymentMethod does.
 * Throws an ApiError: 400 (invalid card or address, with `fields`), 402 (not a test card), 429.
 */
export async function createPaymentMethod(request: PaymentMethodRequest): Promise<string> {
  const { id } = await sendJson('POST', apiUrl('/payments/methods'), request, paymentMethodSchema);
  return id;
}
