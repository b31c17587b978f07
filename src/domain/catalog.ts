import { z } from 'zod';
export { availableSizes, isInStock } from './stock.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, MAX_SEARCH_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';
import { FILTER_LIMITS, FILTER_SCOPES, isFilterText, parsePrice } from './shoe-filters.js';
import { isChartSize } from './size-chart.js';
import { SORTS } from './sorts.js';

/** Entity shapes of spec §3 as the API returns them. */
export const stockEntrySchema = z.object({
  _id: z.string(),
  size: z.string(),
  quantity: z.number().int().nonnegative(),
  /**
   * Issue 33 item 2, in the answer of one shoe only (lists keep the spec's three fields): the size's
   * SKU (the shop's code, unique) and its GTIN (the box's UPC/EAN) when it has one. Public: both are
   * printed on the box and the packing slip.
   */
  sku: z.string().optional(),
  gtin: z.string().optional(),
});

/** One photo of a shoe's gallery as the shop shows it (contracts/gallery.ts has the staff's side). */
export const shoePhotoSchema = z.object({ url: z.string(), alt: z.string() });
export type ShoePhoto = z.infer<typeof shoePhotoSchema>;

export const shoeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  description: z.string(),
  color: z.string(),
  price: z.number(),
  /** Optional (issue 33 item 6): the "compare at" price, shown as was/now while on sale and above `price`. */
  compareAtPrice: z.number().optional(),
  onSale: z.boolean(),
  stock: z.array(stockEntrySchema),
  /** Bumped on every admin change: the modify form sends it back so a concurrent edit is refused, not lost. */
  version: z.number().int(),
  /**
   * Issue 33 item 1, in the answer of one shoe only (`GET /api/shoes/:id`): its gallery in order, the
   * cover (`image`) first. Lists leave it out.
   */
  images: z.array(shoePhotoSchema).optional(),
});
export type Shoe = z.infer<typeof shoeSchema>;
export type StockEntry = z.infer<typeof stockEntrySchema>;

export const brandSchema = z.object({ _id: z.string(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;

export const searchMessageSchema = z.object({ message: z.string() });
export type SearchMessage = z.infer<typeof searchMessageSchema>;

export { SORTS, type ShoeSort } from './sorts.js';

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A parameter that may be repeated (`size=9&size=10`): always a list, at most FILTER_LIMITS.values long. */
const repeatable = (item: z.ZodType<string, string>) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string()).max(FILTER_LIMITS.values, MESSAGES.catalog.tooManyValues));

const filterText = z.string().refine(isFilterText, MESSAGES.catalog.badFilterText);
const price = z
  .string()
  .refine((value) => parsePrice(value) !== undefined, MESSAGES.catalog.badPrice)
  .transform((value) => parsePrice(value)!)
  .optional();

/** The filters of `GET /api/shoes` and `/api/shoes/facets` (domain/shoe-filters.ts); a bad value is a 400. */
const filterShape = {
  /** The search (spec §2's `name`): words of a shoe's brand, colour, name or description. */
  name: z
    .string()
    .max(MAX_SEARCH_LENGTH, `The search can be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  size: repeatable(z.string().refine(isChartSize, MESSAGES.catalog.unknownSize)),
  color: repeatable(filterText),
  brand: repeatable(filterText),
  minPrice: price,
  maxPrice: price,
  onSale: z
    .enum(['true', 'false'], MESSAGES.catalog.badOnSale)
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(SORTS, MESSAGES.catalog.badSort).optional(),
};

const priceRangeInOrder = (query: { minPrice?: number; maxPrice?: number }) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice;

const pageShape = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
};

/** `?offset=&limit=`: every list is bounded. */
export const pageQuerySchema = z.object(pageShape);

/** Query of `GET /api/shoes`: the filters, a name search and one bounded page. */
export const shoeListQuerySchema = z
  .object({
    ...filterShape,
    ...pageShape,
  })
  .refine(priceRangeInOrder, { message: MESSAGES.catalog.priceRange, path: ['maxPrice'] });
export type ShoeListQuery = z.infer<typeof shoeListQuerySchema>;

/** Query of `GET /api/shoes/facets`: the filters, and which of them bound the page's selection. */
export const shoeFacetsQuerySchema = z
  .object({ ...filterShape, scope: repeatable(z.enum(FILTER_SCOPES)) })
  .refine(priceRangeInOrder, { message: MESSAGES.catalog.priceRange, path: ['maxPrice'] });
export type ShoeFacetsQuery = z.infer<typeof shoeFacetsQuerySchema>;

export const colorListQuerySchema = z.object({ brand: optionalText(40) });

/** Bounded by the router's maxParamLength; a malformed id is simply a shoe that does not exist (404). */
export const shoeIdSchema = z.object({ id: z.string() });

/** Ids are UUIDs; anything else cannot name a shoe. */
export { isUuid } from './uuid.js';
