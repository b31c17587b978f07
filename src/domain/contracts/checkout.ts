import { z } from 'zod';
import { orderSchema } from '../payment.js';

/** `GET /api/payments/config`: which card processor the payment form talks to. */
export const paymentsConfigAnswerSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigAnswerSchema>;

/** `POST /api/payments/methods`: the one-use payment method the checkout charges. */
export const paymentMethodAnswerSchema = z.object({ id: z.string() });

/** `POST /api/cart/checkout`: the spec's notice and the order made. */
export const checkoutAnswerSchema = z.object({ message: z.string(), order: orderSchema });

/** The orders tables: the user's own, and the administrator's. */
export const orderListAnswerSchema = z.array(orderSchema);
