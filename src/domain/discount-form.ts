import { z } from 'zod';
import {
  DISCOUNT_LIMITS,
  isDiscountCode,
  normalizeCode,
  type DiscountAmount,
  type DiscountTarget,
} from './discounts.js';
import { MESSAGES } from './messages.js';

const M = MESSAGES.discounts;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DOLLARS = /^\d{1,5}(\.\d{1,2})?$/;

/** `''` (left empty) is no value. */
const optional = (schema: z.ZodType<string, string | number>) => z.union([z.literal(''), schema]).optional();
/**
 * A number field: the form sends its text, an API client may send a JSON number. A number is read
 * as its text (15 as '15', -5 as '-5', 1e21 as '1e+21'), so both meet the same rules and messages.
 */
const numberOrText = (schema: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.number()])
    .transform((input) => (typeof input === 'number' ? String(input) : input))
    .pipe(schema);
const isRealDay = (day: string) =>
  DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

/**
 * The admin form of a discount code (`POST /api/admin/discounts`, `PUT /api/admin/discounts/{id}`):
 * text fields as typed, read into the code's terms. The same schema checks the form in the browser.
 */
export const discountCodeFormSchema = z
  .object({
    code: z.string().trim().refine(isDiscountCode, M.codeFormat),
    kind: z.enum(['percent', 'fixed']),
    /** The percentage, or the amount in dollars. */
    value: numberOrText(z.string().trim().max(20)),
    minSubtotal: optional(numberOrText(z.string().trim().regex(DOLLARS, M.minSubtotal))),
    startsOn: optional(z.string().trim().refine(isRealDay, M.date)),
    endsOn: optional(z.string().trim().refine(isRealDay, M.date)),
    maxUses: optional(
      numberOrText(
        z
          .string()
          .trim()
          .regex(/^\d{1,7}$/, M.uses),
      ),
    ),
    oncePerCustomer: z.boolean().default(false),
    target: z.enum(['cart', 'brands', 'not_on_sale']),
    brands: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (form.kind === 'percent') {
      const percent = Number(form.value);
      const { min, max } = DISCOUNT_LIMITS.percent;
      if (!/^\d{1,2}$/.test(form.value) || percent < min || percent > max) issue('value', M.percent);
    } else if (
      !DOLLARS.test(form.value) ||
      cents(form.value) < 1 ||
      cents(form.value) > DISCOUNT_LIMITS.amount.max * 100
    ) {
      issue('value', M.amount);
    }
    if (form.minSubtotal && cents(form.minSubtotal) > DISCOUNT_LIMITS.amount.max * 100)
      issue('minSubtotal', M.minSubtotal);
    if (form.maxUses && (Number(form.maxUses) < 1 || Number(form.maxUses) > DISCOUNT_LIMITS.uses.max))
      issue('maxUses', M.uses);
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) issue('endsOn', M.dates);
    if (form.target === 'brands' && form.brands.length === 0) issue('brands', M.brands);
  });
export type DiscountCodeForm = z.input<typeof discountCodeFormSchema>;

/** A valid form as the code's terms, in cents and days. */
export function discountTermsOf(form: z.output<typeof discountCodeFormSchema>) {
  const amount: DiscountAmount =
    form.kind === 'percent'
      ? { kind: 'percent', percent: Number(form.value) }
      : { kind: 'fixed', amountCents: cents(form.value) };
  const target: DiscountTarget =
    form.target === 'brands' ? { kind: 'brands', brands: [...new Set(form.brands)] } : { kind: form.target };
  return {
    code: normalizeCode(form.code),
    amount,
    target,
    minSubtotalCents: form.minSubtotal ? cents(form.minSubtotal) : null,
    startsOn: form.startsOn || null,
    endsOn: form.endsOn || null,
    maxUses: form.maxUses ? Number(form.maxUses) : null,
    oncePerCustomer: form.oncePerCustomer,
  };
}
export type DiscountTerms = ReturnType<typeof discountTermsOf>;
