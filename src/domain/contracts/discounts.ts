import { z } from 'zod';
import { pagedSearchQuerySchema } from '../admin.js';

/** A discount code in the admin panel (`/api/admin/discounts`): amounts in dollars, days as `YYYY-MM-DD`. */
export const discountCodeAnswerSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percent: z.number().int().nullable(),
  amount: z.number().nullable(),
  minSubtotal: z.number().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  oncePerCustomer: z.boolean(),
  target: z.enum(['cart', 'brands', 'not_on_sale']),
  brands: z.array(z.string()),
  active: z.boolean(),
  /** Orders placed with it, and the dollars it took off them. */
  orders: z.number().int(),
  discounted: z.number(),
  /** The address of the one shopper it was made for (a cart reminder's code), or null for everyone's. */
  forShopper: z.string().nullable(),
});
export type DiscountCodeAnswer = z.infer<typeof discountCodeAnswerSchema>;

export const discountCodeListAnswerSchema = z.array(discountCodeAnswerSchema);

/**
 * The codes table's query: a page, a search, and which codes. Codes made for one shopper (the second
 * cart reminder's, docs/decisions/029) are many and run by the reminders: the table leaves them out
 * unless asked for them alone.
 */
export const discountListQuerySchema = pagedSearchQuerySchema.extend({
  personal: z.enum(['hide', 'only']).default('hide'),
});
export type DiscountListQuery = z.infer<typeof discountListQuerySchema>;
