import { MESSAGES } from '../../../../domain/messages';
import { type CheckoutRequest, type Order } from '../../../../domain/payment';
import { ApiError, apiErrorFrom, apiUrl } from '../../../api/http';
import { checkoutAnswerSchema } from '../../../../domain/contracts/checkout';

export type CheckoutAnswer = { message: string; order: Order };

/**
 * One key per payment attempt. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); elsewhere a version-4 UUID is built from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
