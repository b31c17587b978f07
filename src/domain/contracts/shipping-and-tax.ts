import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { US_STATES, usStateCode, type UsStateCode } from '../us-states.js';

/**
 * The staff's shipping methods and sales tax (issue 31 items 5-6): the admin forms' schemas (the same
 * ones check the form in the browser and the body on the server) and the answers, money in cents.
 */

const SHIP = MESSAGES.shippingMethods;
const TAX = MESSAGES.salesTax;
const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,2}(\.\d{1,3})?$/;

export const SHIPPING_LIMITS = { nameMax: 40, priceMax: 10_000, freeAboveMax: 100_000, daysMax: 60 } as const;
/** The highest rate a state may have: 25 %, in thousandths of a percent. */
export const TAX_RATE_MAX = 25_000;

/** A number field: the form sends its text, an API client may send a JSON number; both read as text. */
const numberOrText = (schema: z.ZodType<string, string>) =>
  z
    .union([z.string().max(40), z.number()])
    .transform((input) => (typeof input === 'number' ? String(input) : input))
    .pipe(schema);
const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const dollarsUpTo = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => DOLLARS.test(text) && cents(text) <= max * 100, message);
const days = numberOrText(
  z
    .string()
    .trim()
    .refine((text) => /^\d{1,2}$/.test(text) && Number(text) <= SHIPPING_LIMITS.daysMax, SHIP.days),
);

/** `POST /api/admin/shipping-methods`, `PUT /api/admin/shipping-methods/{id}`: dollars and days as typed. */
export const shippingMethodFormSchema = z
  .object({
    name: z.string().trim().min(1, SHIP.name).max(SHIPPING_LIMITS.nameMax, SHIP.name),
    /** Dollars; 0 is free shipping. */
    price: numberOrText(dollarsUpTo(SHIPPING_LIMITS.priceMax, SHIP.price)),
    /** Free when the lines after the code cost at least this many dollars; empty: never free. */
    freeAbove: z
      .union([z.literal(''), numberOrText(dollarsUpTo(SHIPPING_LIMITS.freeAboveMax, SHIP.freeAbove))])
      .optional(),
    /** The delivery estimate in business days, at the soonest and at the latest. */
    minDays: days,
    maxDays: days,
    /** Offered to shoppers; a retired method stays listed for the staff. */
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((form, context) => {
    if (Number(form.maxDays) < Number(form.minDays))
      context.addIssue({ code: 'custom', path: ['maxDays'], message: SHIP.dayOrder });
  });
export type ShippingMethodForm = z.input<typeof shippingMethodFormSchema>;

/** A valid form as the method's columns, in cents and days. */
export function shippingMethodTermsOf(form: z.output<typeof shippingMethodFormSchema>) {
  return {
    name: form.name,
    priceCents: cents(form.price),
    freeAboveCents: form.freeAbove ? cents(form.freeAbove) : null,
    minDays: Number(form.minDays),
    maxDays: Number(form.maxDays),
    active: form.active,
  };
}
export type ShippingMethodTerms = ReturnType<typeof shippingMethodTermsOf>;

export const shippingMethodAnswerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** null: never free. */
  freeAboveCents: z.number().int().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  active: z.boolean(),
  /** Its place in the cart's list (the first active method is the default). */
  position: z.number().int(),
});
export type ShippingMethodAnswer = z.infer<typeof shippingMethodAnswerSchema>;
export const shippingMethodListSchema = z.array(shippingMethodAnswerSchema);

/** `PUT /api/admin/shipping-methods/order`: every method's id, in the order the cart lists them. */
export const shippingMethodOrderSchema = z
  .object({ ids: z.array(z.string().max(100)).min(1, SHIP.order).max(100, SHIP.order) })
  .strict();

/** `PUT /api/admin/shipping-methods/{id}/active`: offer a method again, or retire it. */
export const shippingMethodActiveSchema = z.object({ active: z.boolean() }).strict();

/** A rate as typed, in thousandths of a percent ("7.25" is 7250). */
export const milliPercentOf = (percent: string) => Math.round(Number(percent) * 1000);
/** Thousandths of a percent as the form writes them: 7250 is "7.25". */
export const percentOf = (milliPercent: number) => String(milliPercent / 1000);

/** `PUT /api/admin/tax-rates/{state}`: a state's rate as a percentage, and whether shipping is taxed. */
export const taxRateBodySchema = z
  .object({
    rate: numberOrText(
      z
        .string()
        .trim()
        .refine(
          (text) => PERCENT.test(text) && milliPercentOf(text) > 0 && milliPercentOf(text) <= TAX_RATE_MAX,
          TAX.rate,
        ),
    ),
    taxShipping: z.boolean().default(false),
  })
  .strict();

/** A state as the path names it: its two-letter code (any case) or its name; read as the code. */
export const taxStateSchema = z
  .string()
  .max(60, TAX.state)
  .transform((state, context): UsStateCode => {
    const code = usStateCode(state);
    if (code) return code;
    context.addIssue({ code: 'custom', message: TAX.state });
    return z.NEVER;
  });

/** The admin form: the state chosen, then the body. */
export const taxRateFormSchema = taxRateBodySchema.extend({
  state: z.string().refine((state) => state in US_STATES, TAX.state),
});
export type TaxRateForm = z.input<typeof taxRateFormSchema>;

export const taxRateAnswerSchema = z.object({
  /** The two-letter code, and the state's name. */
  state: z.string(),
  name: z.string(),
  /** Thousandths of a percent: 7.25 % is 7250. */
  rateMilliPercent: z.number().int(),
  taxShipping: z.boolean(),
  updatedAt: z.string(),
});
export type TaxRateAnswer = z.infer<typeof taxRateAnswerSchema>;
export const taxRateListSchema = z.array(taxRateAnswerSchema);
