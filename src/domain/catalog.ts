import { z } from 'zod';
export { availableSizes, isInStock } from './stock.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, MAX_SEARCH_LENGTH } from './constants.js';
import { SORTS } from './sorts.js';

/** Entity shapes of spec §3 as the API returns them. */
export const stockEntrySchema = z.object({
  _id: z.string(),
  size: z.string(),
  quantity: z.number().int().nonnegative(),
});

export const shoeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  description: z.string(),
  color: z.string(),
  price: z.number(),
  onSale: z.boolean(),
  stock: z.array(stockEntrySchema),
  /** Bumped on every admin change: the modify form sends it back so a concurrent edit is refused, not lost. */
  version: z.number().int(),
});
export type Shoe = z.infer<typeof shoeSchema>;
export type StockEntry = z.infer<typeof stockEntrySchema>;

export const brandSchema = z.object({ _id: z.string(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;

export const searchMessageSchema = z.object({ message: z.string() });
export type SearchMessage = z.infer<typeof searchMessageSchema>;

export { SORTS, type ShoeSort } from './sorts.js';

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Query of `GET /api/shoes`: every list is bounded. */
export const shoeListQuerySchema = z.object({
  name: z
    .string()
    .max(MAX_SEARCH_LENGTH, `The search can be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  brand: optionalText(40),
  color: optionalText(40),
  sort: z.enum(SORTS).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
});
export type ShoeListQuery = z.infer<typeof shoeListQuerySchema>;

export const colorListQuerySchema = z.object({ brand: optionalText(40) });

/** Bounded by the router's maxParamLength; a malformed id is simply a shoe that does not exist (404). */
export const shoeIdSchema = z.object({ id: z.string() });

/** Ids are UUIDs; anything else cannot name a shoe. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
