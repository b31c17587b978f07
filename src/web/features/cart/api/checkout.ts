import { type CheckoutRequest, type Order } from '../../../../domain/payment';
import { apiUrl, sendJson } from '../../../api/http';
import { checkoutAnswerSchema } from '../../../../domain/contracts/checkout';

export type CheckoutAnswer = { message: string; order: Order };

/**
 * `POST /api/cart/checkout` (spec §7): the server prices the cart, takes the stock and charges
 * the payment method. The same `idempotencyKey` sent again returns the first answer instead of
 * charging twice. Throws an ApiError: 402 declined, 409 prices changed or out of stock, 400, 401;
 * status 0 when no answer came: the charge may or may not have happened, which is what the key is for.
 */
export function checkout(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutAnswer> {
  return sendJson('POST', apiUrl('/cart/checkout'), request, checkoutAnswerSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
