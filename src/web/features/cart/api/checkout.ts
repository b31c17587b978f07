import { MESSAGES } from '../../../../domain/messages';
import { type CheckoutRequest, type Order } from '../../../../domain/payment';
import { ApiError, apiErrorFrom, apiUrl } from '../../../api/http';
import { checkoutAnswerSchema } from '../../../../domain/contracts/checkout';

export type CheckoutAnswer = { message: string; order: Order };

/**
 * `POST /api/cart/checkout` (spec §7): the server prices the cart, takes the stock and charges
 * the payment method. The same `idempotencyKey` sent again returns the first answer instead of
 * charging twice. Throws an ApiError: 402 declined, 409 prices changed or out of stock, 400, 401.
 */
export async function checkout(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutAnswer> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/cart/checkout'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(request),
    });
  } catch {
    // No answer: the charge may or may not have happened, which is what the key is for.
    throw new ApiError(0, 'network', MESSAGES.common.somethingWrong);
  }
  if (!response.ok)
    throw apiErrorFrom(response.status, response.statusText, await response.text().catch(() => ''));
  return checkoutAnswerSchema.parse(await response.json());
}
