import { z } from 'zod';
import { brandSchema, shoeSchema } from './catalog.js';
import { MAX_LIST_LIMIT } from './constants.js';
import { MESSAGES } from './messages.js';
import { isValidGtin, isValidSku } from './product-codes.js';

/** Shoe images: any raster image up to this size, stored as a WebP at most this wide. */
export const SHOE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SHOE_IMAGE_MAX_WIDTH = 1000;

/** Bounds the spec leaves open: whole dollars, whole and half sizes, sane stock counts. */
export const SHOE_LIMITS = {
  text: 40,
  description: 900,
  maxPrice: 100_000,
  minSize: 1,
  maxSize: 20,
  maxQuantity: 100_000,
} as const;

const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;
/**
 * Shoe names and colours as sneakers are really sold (decision 021): "Air Force 1", "550",
 * "Gel-Kayano 14", "Chuck 70 Hi", "Off-White" need digits, hyphens, apostrophes and a few joining
 * marks beside the spec's letters and spaces; a letter or a digit must be there, so "!!" or "###"
 * still get the spec's message.
 */
const PRODUCT_NAME = /^(?=.*[\p{L}\p{N}])[\p{L}\p{N} '’.&/+-]+$/u;
const COLOR_NAME = /^(?=.*\p{L})[\p{L} '’/-]+$/u;
/**
 * Descriptions as product copy is written: "Gore-Tex", "10mm", "It's", "(US sizes)", "100% suede",
 * line breaks. No markup characters (< > { } = @ # ...) and at least one letter.
 */
const DESCRIPTION_CHARACTERS = /^(?=.*\p{L})[\p{L}\p{N}\s,.;:!?'’"“”()%&/+–—-]+$/u;
const DIGITS = /^\d+$/;
/** Sizes are whole or half ("9", "9.5"); the spec's "digits only" allows no half. */
const SIZE = /^\d+(\.5)?$/;

/** Required (empty or too long: `required`), then a format rule (`format`). */
function text(max: number, required: string, format?: { pattern: RegExp; message: string }) {
  const base = z.string({ error: required }).trim().min(1, required).max(max, required);
  return format ? base.regex(format.pattern, format.message) : base;
}

function wholeNumber(required: string, format: string, min: number, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, required)
    .regex(DIGITS, format)
    .refine((value) => Number(value) >= min && Number(value) <= max, required);
}

function shoeSize(required: string, format: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, required)
    .regex(SIZE, format)
    .refine((value) => Number(value) >= SHOE_LIMITS.minSize && Number(value) <= SHOE_LIMITS.maxSize, required)
    .transform((value) => String(Number(value)));
}

const M = MESSAGES.adminForm;

/**
 * The optional "compare at" price (issue 33 item 6): whole dollars, or empty for none. That it is
 * above the price is a rule across fields (`checkCompareAt`), kept off the objects so they extend.
 */
const compareAtPrice = z
  .string({ error: M.compareAtPrice })
  .trim()
  .max(40, M.compareAtPrice)
  .regex(/^\d*$/, M.compareAtPrice)
  .refine(
    (value) => value === '' || (Number(value) >= 1 && Number(value) <= SHOE_LIMITS.maxPrice),
    M.compareAtPrice,
  )
  .optional();

/** A compare-at price at or below the price says nothing: refused on the compare-at field. */
export function checkCompareAt(
  value: { price?: unknown; compareAtPrice?: unknown },
  ctx: z.RefinementCtx,
): void {
  const { price, compareAtPrice: was } = value;
  if (typeof was !== 'string' || was === '' || typeof price !== 'string' || !/^\d+(\.\d+)?$/.test(price))
    return;
  if (Number(was) <= Number(price)) {
    ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: M.compareAtAbovePrice });
  }
}
const lettersAndSpaces = (message: string) => ({ pattern: LETTERS_AND_SPACES, message });

/** Create Shoes (spec §5; names, colours and descriptions as decision 021 widens them). The image travels beside these fields as a file. */
export const createShoeSchema = z.object({
  brand: text(SHOE_LIMITS.text, M.brand, lettersAndSpaces(M.brandFormat)),
  name: text(SHOE_LIMITS.text, M.name, { pattern: PRODUCT_NAME, message: M.nameFormat }),
  color: text(SHOE_LIMITS.text, M.color, { pattern: COLOR_NAME, message: M.colorFormat }),
  price: wholeNumber(M.price, M.priceFormat, 1, SHOE_LIMITS.maxPrice),
  compareAtPrice,
  size: shoeSize(M.size, M.sizeFormat),
  q: wholeNumber(M.quantity, M.quantityFormat, 0, SHOE_LIMITS.maxQuantity),
  description: text(SHOE_LIMITS.description, M.description, {
    pattern: DESCRIPTION_CHARACTERS,
    message: M.descriptionFormat,
  }),
});
export type CreateShoeInput = z.input<typeof createShoeSchema>;

/** Sizes a shoe is created with at most: the spec's first one and this many more (the size grid). */
export const MAX_MORE_SIZES = 23;

/** A row of the size grid after the first: the same rules and messages as the spec's Size and Quantity. */
export const sizeRowSchema = z.object({
  size: shoeSize(M.size, M.sizeFormat),
  q: wholeNumber(M.quantity, M.quantityFormat, 0, SHOE_LIMITS.maxQuantity),
});
export type SizeRow = z.output<typeof sizeRowSchema>;

/** The size grid's rows after the first (issue 33 item 6); a size twice among them is refused. */
export const moreSizesSchema = z
  .array(sizeRowSchema, { error: M.moreSizes })
  .max(MAX_MORE_SIZES, M.tooManySizes(MAX_MORE_SIZES + 1))
  .superRefine((rows, ctx) => {
    for (const index of repeatedSizes(rows.map((row) => row.size))) {
      ctx.addIssue({ code: 'custom', path: [index, 'size'], message: M.sizeTwice(rows[index]!.size) });
    }
  });

/** The indexes of the sizes already given before them ("9" and "9.0" are one size). */
export function repeatedSizes(sizes: readonly unknown[]): number[] {
  const seen = new Set<number>();
  const repeated: number[] = [];
  sizes.forEach((size, index) => {
    if (typeof size !== 'string' || size.trim() === '' || !Number.isFinite(Number(size))) return;
    if (seen.has(Number(size))) repeated.push(index);
    seen.add(Number(size));
  });
  return repeated;
}

/**
 * The multipart form's `moreSizes`: JSON text of `[{size, q}]` (numbers or strings). Parsed here so
 * a row's message lands on `moreSizes.<row>.size` or `.q`, as the web form's rows are named.
 */
export const moreSizesField = z
  .string()
  .max(20_000, M.moreSizes)
  .transform((text, ctx) => {
    try {
      const rows: unknown = JSON.parse(text);
      return Array.isArray(rows) ? rows.map(asTextFields) : rows;
    } catch {
      ctx.addIssue({ code: 'custom', message: M.moreSizes });
      return z.NEVER;
    }
  })
  .pipe(moreSizesSchema);

/** `{size: 10, q: 3}` read as the form's text fields would send it. */
function asTextFields(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  );
}

/**
 * Rules across fields of Create Shoes, kept off the object so it can still be `.extend`ed (Zod 4):
 * the compare-at price above the price, and the first size not repeated in the grid (the repeat is
 * named on its row).
 */
export function checkShoeForm(
  value: {
    price?: unknown;
    compareAtPrice?: unknown;
    size?: unknown;
    moreSizes?: readonly { size?: unknown }[] | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  checkCompareAt(value, ctx);
  const rows = value.moreSizes ?? [];
  for (const index of repeatedSizes([value.size, ...rows.map((row) => row.size)])) {
    // Repeats among the rows are the row schema's; only the first size's repeat is this check's.
    if (Number(rows[index - 1]?.size) !== Number(value.size)) continue;
    ctx.addIssue({
      code: 'custom',
      path: ['moreSizes', index - 1, 'size'],
      message: M.sizeTwice(String(value.size)),
    });
  }
}

/** Create Shoes as the server reads the multipart form: the spec's fields and the optional size grid. */
export const createShoeFieldsSchema = createShoeSchema
  .extend({ moreSizes: moreSizesField.optional() })
  .superRefine(checkShoeForm);

/**
 * A size's SKU as a form gives it (issue 33 item 2): left out or empty, the size keeps its SKU (a new
 * size gets one generated by the database).
 */
export const skuField = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidSku(value), M.sku)
  .optional();

/**
 * A size's GTIN (UPC/EAN) as a form gives it: left out, the size keeps its GTIN; empty, it has none from
 * now on. A wrong check digit has its own message: it is the mistyped digit the check digit catches.
 */
export const gtinField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '' || isValidGtin(value)) return;
    const wellFormed = /^(\d{8}|\d{12,14})$/.test(value);
    ctx.addIssue({ code: 'custom', message: wellFormed ? M.gtinCheckDigit(value) : M.gtinFormat });
  })
  .optional();

/**
 * Modify Shoes (spec §5): every field required, no format rules; price and
 * quantity must still be numbers. `size` is one of the shoe's stock sizes and
 * `q` becomes its quantity. `version` (the shoe's, when the form was opened)
 * turns a concurrent edit into a 409 instead of a lost update.
 */
export const modifyShoeSchema = z.object({
  brand: text(SHOE_LIMITS.text, M.brand),
  name: text(SHOE_LIMITS.text, M.name),
  color: text(SHOE_LIMITS.text, M.color),
  /** Dollars and cents: a bulk edit's -10% or an import may give a shoe $17.96, and it must stay editable. */
  price: z
    .string({ error: M.price })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, M.price)
    .refine((value) => Number(value) >= 1 && Number(value) <= SHOE_LIMITS.maxPrice, M.price),
  /** Left out: the shoe's stays; empty: it has none from now on. */
  compareAtPrice,
  size: text(SHOE_LIMITS.text, M.size),
  q: wholeNumber(M.quantity, M.quantity, 0, SHOE_LIMITS.maxQuantity),
  description: text(SHOE_LIMITS.description, M.description),
  onSale: z.enum(['true', 'false']).optional(),
  version: z.string().regex(DIGITS).max(12).optional(),
  /** The chosen size's SKU and GTIN (issue 33 item 2), as Create Size takes them. */
  sku: skuField,
  gtin: gtinField,
});
export type ModifyShoeInput = z.input<typeof modifyShoeSchema>;

/** Modify Shoes as the server reads the multipart form, its rule across fields included. */
export const modifyShoeFieldsSchema = modifyShoeSchema.superRefine(checkCompareAt);

/** Create size (spec §5): adds the size, or adds to the quantity of an existing one. */
export const createSizeSchema = z.object({
  size: shoeSize(M.size, M.sizeOnlyNumbers),
  q: wholeNumber(M.quantity, M.quantityOnlyNumbers, 1, SHOE_LIMITS.maxQuantity),
  sku: skuField,
  gtin: gtinField,
});
export type CreateSizeInput = z.input<typeof createSizeSchema>;

/** Create Brand (spec §5). */
export const createBrandSchema = z.object({
  name: text(SHOE_LIMITS.text, M.brandName, lettersAndSpaces(M.brandNameFormat)),
});
export type CreateBrandInput = z.input<typeof createBrandSchema>;

export const onSaleSchema = z.object({ onSale: z.boolean() }).strict();

/** Query of the admin tables (and of the brands list): a page, optionally narrowed by a search text. */
export const pagedSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(MAX_LIST_LIMIT),
});
export type PagedSearchQuery = z.infer<typeof pagedSearchQuerySchema>;

export const shoeAnswerSchema = z.object({ message: z.string(), shoe: shoeSchema });
export const brandAnswerSchema = z.object({ message: z.string(), brand: brandSchema });

/** The business at a glance: what the dashboard shows above its tables. */
export const SALES_CHART_DAYS = 30;
export const BEST_SELLERS_SHOWN = 5;

export const adminStatsSchema = z.object({
  orders: z.number().int(),
  /** Pairs sold across all orders (spec §2: "total number of shoes across orders"). */
  shoesSold: z.number().int(),
  /** What the orders were charged less what was refunded, in cents. */
  salesCents: z.number().int(),
  /**
   * The same money split (issue 31 item 6), each net of refunds: the lines after discount codes, the
   * shipping and the sales tax collected (they add up to `salesCents`), and the codes' discounts.
   */
  money: z.object({
    linesCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
  }),
  /** One entry per day of the last 30, oldest first, days without sales included. */
  salesByDay: z.array(z.object({ day: z.string(), orders: z.number().int(), amountCents: z.number().int() })),
  bestSellers: z.array(
    z.object({
      shoeId: z.string().nullable(),
      name: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
  /** The sold-out sizes most waited for ("Email me when it's back"), most waited first. */
  mostWanted: z.array(
    z.object({ shoeId: z.string(), name: z.string(), size: z.string(), waiting: z.number().int() }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
