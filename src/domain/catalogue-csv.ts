import { z } from 'zod';
import { SHOE_LIMITS, createShoeSchema } from './admin.js';
import { isValidGtin, isValidSku } from './product-codes.js';

/**
 * The catalogue's CSV (issue 33 items 3-4; docs/catalogue-csv.md): one row per shoe and size, the shoe's
 * own columns repeated on each of its rows. The import reads it, the export writes it, so an export
 * imported again changes nothing. A shoe is its rows with the same brand, shoe and colour.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'shoe',
  'brand',
  'colour',
  'price',
  'compare_at_price',
  'description',
  'on_sale',
  'size',
  'sku',
  'gtin',
  'stock',
  'images',
  'alt_texts',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Images and their alt texts are listed in one cell each, in gallery order, split by this. */
export const LIST_SEPARATOR = '|';
/** A shoe's gallery holds at most this many images. */
export const MAX_GALLERY_IMAGES = 8;
export const MAX_ALT_TEXT = 200;

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection): its first character is one of
 * these. The export puts an apostrophe before it; the import refuses it unescaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** A cell as the export writes it: text that would start a formula gets an apostrophe first. */
export const escapeCsvCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** A cell as the import reads it: the export's apostrophe dropped again. */
export const unescapeCsvCell = (value: string): string =>
  ESCAPED_FORMULA.test(value) ? value.slice(1) : value;

export const startsLikeFormula = (value: string): boolean => FORMULA_START.test(value);

/** An image's file name: no folders, a picture's extension. */
const IMAGE_FILE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._()-]{0,150}\.(?:jpe?g|png|webp|gif|avif|tiff?)$/iu;

const splitList = (cell: string): string[] =>
  cell.trim() === '' ? [] : cell.split(LIST_SEPARATOR).map((item) => item.trim());

/** Dollars with up to two decimals ("135", "129.99"), as cents. */
const money = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, message)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents >= 100 && cents <= SHOE_LIMITS.maxPrice * 100, message);

const yesOrNo = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['', 'yes', 'no', 'true', 'false', '1', '0'].includes(value), 'Write yes or no')
  .transform((value) => ['yes', 'true', '1'].includes(value));

const shape = createShoeSchema.shape;

/**
 * One row, every cell checked on its own with the forms' rules and messages (the spec's for name, brand,
 * colour, description, size and quantity). Rules across rows (a shoe's columns agree, a SKU once) are
 * the import's.
 */
export const catalogueRowSchema = z
  .object({
    shoe: shape.name,
    brand: shape.brand,
    colour: shape.color,
    price: money('Write the price in dollars, as 135 or 129.99, from $1 to $100,000'),
    compare_at_price: z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === '') return null;
        const parsed = money('Write the compare-at price in dollars, or leave it empty').safeParse(value);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }),
    description: shape.description,
    on_sale: yesOrNo,
    size: shape.size,
    sku: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || isValidSku(value),
        'A SKU is up to 64 letters, digits, dots, hyphens and underscores, starting with a letter or digit',
      ),
    gtin: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || isValidGtin(value),
        'A GTIN is 8, 12, 13 or 14 digits whose last digit checks the others (a UPC or EAN from the box)',
      ),
    stock: shape.q.transform(Number),
    images: z
      .string()
      .transform(splitList)
      .refine(
        (names) => names.length <= MAX_GALLERY_IMAGES,
        `A shoe has at most ${MAX_GALLERY_IMAGES} images`,
      )
      .refine(
        (names) => names.every((name) => IMAGE_FILE_NAME.test(name)),
        'List image file names (as photo-1.jpg) split by |, without folders',
      ),
    alt_texts: z
      .string()
      .transform(splitList)
      .refine(
        (texts) => texts.every((text) => text.length > 0 && text.length <= MAX_ALT_TEXT),
        `Each alt text is 1 to ${MAX_ALT_TEXT} characters, split by |`,
      ),
  })
  .superRefine((row, ctx) => {
    if (row.compare_at_price !== null && row.compare_at_price <= row.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['compare_at_price'],
        message: 'The compare-at price must be higher than the price',
      });
    }
    if (row.alt_texts.length > 0 && row.alt_texts.length !== row.images.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['alt_texts'],
        message: `Give one alt text per image (${row.images.length}), or none to use the shoe's name`,
      });
    }
  });
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

/** The key that makes rows one shoe: brand, shoe and colour, whatever their case. */
export const shoeKeyOf = (row: Pick<CatalogueRow, 'brand' | 'shoe' | 'colour'>): string =>
  [row.brand, row.shoe, row.colour].map((part) => part.toLowerCase()).join('\u0000');

/** Cents as the CSV writes them: "135" or "129.99". */
export const csvMoney = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/** The template's example rows: one shoe in two sizes, with two photos from the ZIP. */
export const CATALOGUE_CSV_EXAMPLE: readonly Record<CatalogueCsvColumn, string>[] = [
  {
    shoe: 'Court Classic 90',
    brand: 'Stride',
    colour: 'White',
    price: '129.99',
    compare_at_price: '150',
    description: 'Full-grain leather, a 10mm foam insole. It’s the court shoe of 1990, made again.',
    on_sale: 'yes',
    size: '9',
    sku: 'STR-CC90-WHT-090',
    gtin: '036000291452',
    stock: '12',
    images: 'court-classic-side.jpg|court-classic-top.jpg',
    alt_texts: 'Court Classic 90 in white, from the side|Court Classic 90 in white, from above',
  },
  {
    shoe: 'Court Classic 90',
    brand: 'Stride',
    colour: 'White',
    price: '129.99',
    compare_at_price: '150',
    description: 'Full-grain leather, a 10mm foam insole. It’s the court shoe of 1990, made again.',
    on_sale: 'yes',
    size: '9.5',
    sku: '',
    gtin: '',
    stock: '8',
    images: 'court-classic-side.jpg|court-classic-top.jpg',
    alt_texts: 'Court Classic 90 in white, from the side|Court Classic 90 in white, from above',
  },
];
