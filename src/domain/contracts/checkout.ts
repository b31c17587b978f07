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

/**
 * `POST /api/cart/quote`: a cart (and perhaps a code, a shipping method and the delivery state) as
 * the checkout would price it, in cents.
 */
export const quoteRequestSchema = z.object({
  shoes: checkoutRequestSchema.shape.shoes,
  code: z.string().trim().max(40).optional(),
  /** The chosen shipping method's `_id`; absent, the default (the first offered). */
  shippingMethod: checkoutRequestSchema.shape.shippingMethod,
  /** The delivery address's state as typed (name or code), for the sales tax; absent or unknown: none. */
  state: z.string().trim().max(40).optional(),
});

/** A way to ship as the cart offers it: its price for this cart (cents, 0 when free) and delivery dates. */
export const shippingOfferSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  /** The estimated delivery's first and last days (YYYY-MM-DD), for an order placed now. */
  estimate: z.object({ from: z.string(), to: z.string() }),
});
export type ShippingOffer = z.infer<typeof shippingOfferSchema>;

export const quoteAnswerSchema = z.object({
  subtotal: z.number().int(),
  /** Cents the code takes off (0 without a code, or when it cannot be used). */
  discount: z.number().int(),
  /** What the card is charged: subtotal - discount + shipping + tax. */
  total: z.number().int(),
  /** The code applied, in capitals; null when none is. */
  code: z.string().nullable(),
  /** Why the code cannot be used on this cart; null when it can (or none was given). */
  message: z.string().nullable(),
  /** Each line's share of the discount, in cents. */
  lines: z.array(z.object({ _id: z.string(), size: z.string(), discount: z.number().int() })),
  /** The ways to ship this cart, in the order to show them; empty when the shop offers none. */
  shippingMethods: z.array(shippingOfferSchema),
  /** The method priced (the one asked for, or the default); null when none is offered. */
  shippingMethod: z.string().nullable(),
  /** Its price for this cart, in cents. */
  shipping: z.number().int(),
  /** The sales tax of the state given (0 without one, or where the shop charges none). */
  tax: z.number().int(),
  /** That state's rate in thousandths of a percent (7.25 % is 7250); null when untaxed. */
  taxRate: z.number().int().nullable(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

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
