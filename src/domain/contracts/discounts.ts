import { z } from 'zod';

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
});
export type DiscountCodeAnswer = z.infer<typeof discountCodeAnswerSchema>;

export const discountCodeListAnswerSchema = z.array(discountCodeAnswerSchema);
