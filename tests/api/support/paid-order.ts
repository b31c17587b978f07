import { expect } from 'vitest';
import { paymentMethodBody } from '../../fixtures/payment.js';
import type { Send } from './sender.js';

/** A shopper's order of `quantity` pairs of one size, paid with a test card at `priceCents` each. */
export async function paidOrder(
  send: Send,
  cookie: string,
  line: { shoeId: string; size: string; quantity: number; priceCents: number },
): Promise<{ idPayment: string; lineId: string }> {
  const method = await send('POST', '/api/payments/methods', cookie, paymentMethodBody());
  const paid = await send('POST', '/api/cart/checkout', cookie, {
    id: method.json().id,
    shoes: [{ _id: line.shoeId, size: line.size, quantity: line.quantity }],
    amount: line.priceCents * line.quantity,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json().order as { idPayment: string; shoe: { lineId: string }[] };
  return { idPayment: order.idPayment, lineId: order.shoe[0]!.lineId };
}
