import { z } from 'zod';
import {
  checkoutAddressSchema,
  deliveryAddressSchema,
  type CheckoutAddress,
  type DeliveryAddress,
} from '../../../domain/forms';

/**
 * The addresses of the payment form (issue 31, docs/decisions/019): its own fields are the order's
 * delivery address (deliveryAddressSchema, the server's schema); the card's billing address is the
 * same unless the shopper unticks "Billing address is the same" and types one (checkoutAddressSchema).
 */

/** The billing form as typed: checked only when the shopper says the billing address differs. */
const billingDraftSchema = z.object({
  name: z.string(),
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});
export type BillingDraft = z.infer<typeof billingDraftSchema>;

export const EMPTY_BILLING: BillingDraft = { name: '', line1: '', city: '', state: '', postal_code: '' };

/** The card's fields: checked in our own card field, plain strings beside Stripe's. */
type CardShape = Record<'cardNumber' | 'expiry' | 'cvc', z.ZodType<string, string>>;

/**
 * The delivery address and the card's fields with the billing choice: `sameBilling`, and
 * the billing form, checked against the spec's address rules only when it is not the same. Its
 * output's `billing` is the billing address typed, or null for "the same as delivery".
 */
export function withBillingAddress(cardShape: CardShape) {
  return deliveryAddressSchema
    .extend({ ...cardShape, sameBilling: z.boolean(), billing: billingDraftSchema })
    .superRefine((values, context) => {
      if (values.sameBilling) return;
      const billing = checkoutAddressSchema.safeParse(values.billing);
      for (const issue of billing.error?.issues ?? []) {
        context.addIssue({ code: 'custom', message: issue.message, path: ['billing', ...issue.path] });
      }
    })
    .transform((values) => ({
      ...values,
      billing: values.sameBilling ? null : checkoutAddressSchema.parse(values.billing),
    }));
}

/** What the form's validated values hold of the addresses. */
export type AddressValues = DeliveryAddress & { billing: CheckoutAddress | null };

/** The order's delivery address, from the form's validated values. */
export function deliveryAddressOf({
  name,
  line1,
  line2,
  city,
  state,
  postal_code,
  phone,
}: AddressValues): DeliveryAddress {
  return { name, line1, line2, city, state, postal_code, phone };
}

/** The card's billing address: the one typed, or the delivery address when it is the same. */
export function billingAddressOf(values: AddressValues): CheckoutAddress {
  const { name, line1, city, state, postal_code } = values;
  return values.billing ?? { name, line1, city, state, postal_code };
}

/** The checkout's addresses: the delivery address, and the billing one only when it differs. */
export function checkoutAddresses(values: AddressValues): {
  deliveryAddress: DeliveryAddress;
  billingAddress?: CheckoutAddress;
} {
  return values.billing
    ? { deliveryAddress: deliveryAddressOf(values), billingAddress: values.billing }
    : { deliveryAddress: deliveryAddressOf(values) };
}

const DELIVERY_FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'postal_code', 'phone'] as const;
type DeliveryField = (typeof DELIVERY_FIELDS)[number];
const BILLING_FIELDS = ['name', 'line1', 'city', 'state', 'postal_code'] as const;
type BillingField = `billing.${(typeof BILLING_FIELDS)[number]}`;

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  list.includes(value as T);

/**
 * Which address field a server validation path is about: `deliveryAddress.line2` and a bare `city`
 * are the delivery fields; `billingAddress.city` and the card's `billing_details.city` are the
 * billing form's, or the delivery fields when the billing address is the same.
 */
export function addressFieldOf(path: string, sameBilling: boolean): DeliveryField | BillingField | undefined {
  const parts = path.split('.');
  const field = parts.at(-1);
  const billing = parts[0] === 'billingAddress' || parts[0] === 'billing_details';
  if (billing) {
    if (!isOneOf(BILLING_FIELDS, field)) return undefined;
    return sameBilling ? field : `billing.${field}`;
  }
  return isOneOf(DELIVERY_FIELDS, field) ? field : undefined;
}
