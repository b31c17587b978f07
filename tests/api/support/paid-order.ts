import { expect } from 'vitest';
import { paymentMethodBody } from '../../fixtures/payment.js';
import type { Send } from './sender.js';

/** A shopper's order of `quantity` pairs of one size, paid with a test card at `priceCents` each. */
export async function paidOrder(
  send: Send,
  cookie: string,
  line: { shoeId: string; size: string; quantity: number; priceCents: number },
): Promise<{ idPayment: string; lineId: string }> {
  const paid = await checkoutWith(send, cookie, {
    shoes: [{ _id: line.shoeId, size: line.size, quantity: line.quantity }],
    amount: line.priceCents * line.quantity,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json().order as { idPayment: string; shoe: { lineId: string }[] };
  return { idPayment: order.idPayment, lineId: order.shoe[0]!.lineId };
}

/** A new test card for `cookie`'s shopper: the payment method's id the checkout takes. */
export async function testCard(send: Send, cookie: string): Promise<string> {
  const method = await send('POST', '/api/payments/methods', cookie, paymentMethodBody());
  expect(method.statusCode, method.body).toBe(200);
  return method.json().id as string;
}

/**
 * The checkout as the cart sends it: a new test card, then the body with the card's id. The answer
 * as it comes, for the test to check.
 */
export async function checkoutWith(
  send: Send,
  cookie: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return send('POST', '/api/cart/checkout', cookie, { id: await testCard(send, cookie), ...body }, headers);
}
