import { z } from 'zod';
import { checkoutRequestSchema, orderSchema } from '../payment.js';

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

/** `POST /api/cart/quote`: a cart (and perhaps a code) as the checkout would price it, in cents. */
export const quoteRequestSchema = z.object({
  shoes: checkoutRequestSchema.shape.shoes,
  code: z.string().trim().max(40).optional(),
});

export const quoteAnswerSchema = z.object({
  subtotal: z.number().int(),
  /** Cents the code takes off (0 without a code, or when it cannot be used). */
  discount: z.number().int(),
  total: z.number().int(),
  /** The code applied, in capitals; null when none is. */
  code: z.string().nullable(),
  /** Why the code cannot be used on this cart; null when it can (or none was given). */
  message: z.string().nullable(),
  /** Each line's share of the discount, in cents. */
  lines: z.array(z.object({ _id: z.string(), size: z.string(), discount: z.number().int() })),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** `GET /api/cart/order/{idPayment}/events`: the order's audit trail, oldest first. */
export const orderEventListSchema = z.array(
  z.object({
    at: z.string(),
    /** The email of who did it. */
    actor: z.string(),
    kind: z.enum(['status', 'shipment', 'refund', 'return']),
    /** The values before and after. */
    details: z.record(z.string(), z.unknown()),
  }),
);
export type OrderEventList = z.infer<typeof orderEventListSchema>;
