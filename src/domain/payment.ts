import { MESSAGES } from './messages.js';
import { z } from 'zod';
import {
  checkoutAddressSchema,
  deliveryAddressSchema,
  type CheckoutAddress,
  type DeliveryAddress,
} from './forms.js';
import { US_STATES, usStateCode, type UsStateCode } from './us-states.js';
import { CARRIERS } from './shipping.js';
import { RETURN_REASONS, RETURN_STATUSES } from './returns.js';

/** Stripe's published test cards and what each does (test mode only, docs/decisions/001). */
export const TEST_CARD_OUTCOMES = {
  '4242424242424242': 'succeeded',
  '4000056655665556': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
} as const;
export type CardOutcome = (typeof TEST_CARD_OUTCOMES)[keyof typeof TEST_CARD_OUTCOMES];

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The card is still valid during its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return year < now.getFullYear() || (year === now.getFullYear() && expMonth < now.getMonth() + 1);
}

/** What `POST /api/payments/methods` takes: a card and its billing details, like Stripe's createPaymentMethod. */
export const paymentMethodRequestSchema = z.object({
  card: z.object({
    number: z
      .string()
      .max(30, MESSAGES.payment.cardNumber)
      .transform(normalizeCardNumber)
      .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), MESSAGES.payment.cardNumber),
    exp_month: z.coerce.number().int().min(1, MESSAGES.payment.expiry).max(12, MESSAGES.payment.expiry),
    exp_year: z.coerce.number().int().min(0, MESSAGES.payment.expiry).max(2100, MESSAGES.payment.expiry),
    cvc: z.string().regex(/^\d{3,4}$/, MESSAGES.payment.cvc),
  }),
  billing_details: checkoutAddressSchema,
});
export type PaymentMethodRequest = z.input<typeof paymentMethodRequestSchema>;

/** `POST /api/cart/checkout` (spec §7): the client's cart and the amount it shows, in cents. */
export const checkoutRequestSchema = z
  .object({
    id: z.string().regex(/^pm_[\w.-]{1,400}$/, 'Invalid payment method'),
    // The spec's client sends who it is; the server uses the session instead.
    email: z.string().max(254).optional(),
    uid: z.string().max(200).optional(),
    shoes: z
      .array(
        z.object({
          _id: z.string().max(100),
          size: z.string().min(1).max(10),
          quantity: z.number().int().min(1, 'Quantities are whole numbers from 1').max(99),
          // Name, image and price may come along; the server reads them from the catalogue.
          name: z.string().max(200).optional(),
          image: z.string().max(500).optional(),
          price: z.number().optional(),
        }),
      )
      .min(1, 'Your cart is empty')
      .max(50),
    amount: z.number().int().min(1).max(100_000_000),
    /** A discount code (issue 18): the server prices it, and refuses the checkout (409) when it cannot be used. */
    code: z.string().trim().max(40).optional(),
    /**
     * Where the order goes (issue 31), copied into the order. Optional so the spec's body still pays
     * (its order has no address); the web always sends it.
     */
    deliveryAddress: deliveryAddressSchema.optional(),
    /** The card's billing address when it differs; absent, it is the delivery address. */
    billingAddress: checkoutAddressSchema.optional(),
    /**
     * The shipping method's `_id` (issue 31), priced on the server; absent, the default (the first the
     * shop offers, Standard: free unless the staff change it).
     */
    shippingMethod: z.string().max(100).optional(),
  })
  .refine((body) => body.billingAddress === undefined || body.deliveryAddress !== undefined, {
    message: 'A billing address goes with a delivery address',
    path: ['billingAddress'],
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

const US_STATE_CODES = Object.keys(US_STATES) as [UsStateCode, ...UsStateCode[]];

/**
 * A billing address as an order keeps it: the state as typed and its USPS code, or null for a card
 * billed outside the United States (the billing address is the card's, in any country).
 */
export const orderBillingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  city: z.string(),
  /** As the shopper typed it ("north carolina", "NC"). */
  state: z.string(),
  stateCode: z.enum(US_STATE_CODES).nullable(),
  postal_code: z.string(),
});
export type OrderBillingAddress = z.infer<typeof orderBillingAddressSchema>;

/** Where an order goes, in the US, as it was when it was paid: a later account change never changes it. */
export const orderDeliveryAddressSchema = orderBillingAddressSchema.extend({
  stateCode: z.enum(US_STATE_CODES),
  line2: z.string().optional(),
  phone: z.string().optional(),
});
export type OrderDeliveryAddress = z.infer<typeof orderDeliveryAddressSchema>;

/** A parsed billing address as the order keeps it. */
export function orderBillingAddressOf(address: CheckoutAddress): OrderBillingAddress {
  const { name, line1, city, state, postal_code } = address;
  return { name, line1, city, state, stateCode: usStateCode(state) ?? null, postal_code };
}

/** A parsed delivery address as the order keeps it (line 2 and phone only when given). */
export function orderDeliveryAddressOf(address: DeliveryAddress): OrderDeliveryAddress {
  const stateCode = usStateCode(address.state);
  // deliveryAddressSchema took only a US state: anything else is a bug upstream.
  if (stateCode === undefined) throw new Error(`Not a US state: ${address.state}`);
  return {
    ...orderBillingAddressOf(address),
    stateCode,
    ...(address.line2 === undefined ? {} : { line2: address.line2 }),
    ...(address.phone === undefined ? {} : { phone: address.phone }),
  };
}

/** The last line of an address's label: "City, ST 12345" (the state as typed when it is abroad). */
export function cityLine(address: OrderBillingAddress): string {
  return `${address.city}, ${address.stateCode ?? address.state} ${address.postal_code}`;
}

/**
 * An order's address as a parcel's label writes it: name, lines, then "City, ST 12345". What an
 * account's deletion erased (name, street lines) is left out rather than written as an empty line.
 */
export function addressLines(address: OrderBillingAddress & { line2?: string }): string[] {
  return [address.name, address.line1, address.line2 ?? '', cityLine(address)].filter(Boolean);
}

/** An order as the API shows it (spec §3): amount in cents, lines as cart lines at purchase time. */
export const orderSchema = z.object({
  _id: z.string(),
  /** The short number shoppers and staff say ("SS-10042"), beside the payment id. */
  number: z.string(),
  /** The last four digits of the card that paid; null when the payment service did not say. */
  cardLast4: z.string().nullable(),
  email: z.string(),
  idPayment: z.string(),
  amount: z.number().int(),
  date: z.string(),
  status: z.enum(['Pending', 'Received']),
  /** The discount code used, and the cents it took off (`amount` is what was charged). */
  discountCode: z.string().nullable(),
  discount: z.number().int(),
  /** When it was marked Received (null while Pending). */
  receivedAt: z.string().nullable(),
  /** Where it goes, copied at checkout (issue 31); null for an order placed without one. */
  deliveryAddress: orderDeliveryAddressSchema.nullable(),
  /** The card's billing address; null when it is the delivery address. */
  billingAddress: orderBillingAddressSchema.nullable(),
  /**
   * How it ships, as the method was when it was paid: its name, the cents it cost (0 when free) and
   * the estimated delivery, first and last day (YYYY-MM-DD); null when no method was active.
   */
  shipping: z
    .object({
      method: z.string(),
      amount: z.number().int(),
      estimate: z.object({ from: z.string(), to: z.string() }),
    })
    .nullable(),
  /** The sales tax charged, in cents (0: untaxed), and the state's rate in thousandths of a percent. */
  tax: z.number().int(),
  taxRate: z.number().int().nullable(),
  /** How it left the warehouse (issue 19); null until it is shipped. */
  shipment: z
    .object({
      carrier: z.enum(CARRIERS),
      trackingNumber: z.string(),
      /** The carrier's tracking page; null for another carrier. */
      trackingUrl: z.string().nullable(),
      shippedAt: z.string(),
    })
    .nullable(),
  /** Refunds, oldest first (cents); `refunded` is what was given back. */
  refunds: z.array(
    z.object({
      _id: z.string(),
      amount: z.number().int(),
      /** The staff's internal reason: null in the buyer's own view of the order. */
      reason: z.string().nullable(),
      /** The staff's words to the buyer, if any. */
      message: z.string().nullable(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      date: z.string(),
      restock: z.boolean(),
      lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
    }),
  ),
  refunded: z.number().int(),
  /** Returns the shopper asked for, oldest first, and their answer. */
  returns: z.array(
    z.object({
      _id: z.string(),
      status: z.enum(RETURN_STATUSES),
      reason: z.enum(RETURN_REASONS),
      note: z.string().nullable(),
      lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
      date: z.string(),
      decidedAt: z.string().nullable(),
      /** When its pairs were marked back in the warehouse. */
      receivedAt: z.string().nullable(),
      /** The staff's words when rejected. */
      message: z.string().nullable(),
      /** The refund that approved it. */
      refundId: z.string().nullable(),
    }),
  ),
  /** Until when its shopper may ask to return pairs (30 days after Received); null while Pending. */
  returnableUntil: z.string().nullable(),
  shoe: z.array(
    z.object({
      _id: z.string().nullable(),
      /** The order line's own id, as refunds name it. */
      lineId: z.string(),
      name: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      size: z.string(),
      /**
       * The size's SKU when it was bought (issue 33 item 2), kept whatever the size's SKU becomes;
       * null for orders placed before SKUs.
       */
      sku: z.string().nullable().optional(),
      /** Dollars of the discount this line took: it cost price x quantity - discount. */
      discount: z.number(),
      /** Dollars of sales tax this line was charged on top of that. */
      tax: z.number(),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

/** An order as its buyer sees it: the staff's internal reasons for refunds are not theirs to read. */
export function buyerViewOf(order: Order): Order {
  return { ...order, refunds: order.refunds.map((refund) => ({ ...refund, reason: null })) };
}
