import { z } from 'zod';
import { createSizeSchema, SHOE_LIMITS } from '../admin.js';
import {
  BULK_EDIT_MAX_SHOES,
  BULK_MESSAGES as M,
  BULK_PERCENT_RANGE,
  BULK_PRICE_CEILING_CENTS,
  type BulkAction,
} from '../bulk-edit.js';
import { isUuid } from '../catalog.js';

/**
 * `POST /api/admin/shoes/bulk/preview` and `POST /api/admin/shoes/bulk` (issue 33 item 5): the
 * bodies and the answer, declared once for the server's routes and the shoes table alike.
 */

/** The shoes chosen: by id (the rows ticked), or every shoe the table's search finds (empty: all). */
export const bulkSelectionSchema = z
  .object(
    {
      ids: z
        .array(z.string().max(100).refine(isUuid, M.shoeId), M.noneSelected)
        .min(1, M.noneSelected)
        .max(BULK_EDIT_MAX_SHOES, { error: (issue) => M.tooMany((issue.input as unknown[]).length) })
        .optional(),
      search: z.string(M.search).trim().max(100, M.search).optional(),
    },
    M.selection,
  )
  .strict()
  // One or the other: a selection is never both at once.
  .refine((selection) => (selection.ids === undefined) !== (selection.search === undefined), M.selection);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('put_on_sale') }).strict(),
    z.object({ kind: z.literal('take_off_sale') }).strict(),
    z
      .object({
        kind: z.literal('price_percent'),
        percent: z
          .number(M.percent)
          .min(BULK_PERCENT_RANGE.min, M.percent)
          .max(BULK_PERCENT_RANGE.max, M.percent)
          .refine((value) => value !== 0 && hasTwoDecimals(value), M.percent),
      })
      .strict(),
    z
      .object({
        kind: z.literal('price_amount'),
        amountCents: z
          .number(M.amount)
          .int(M.amount)
          .min(-BULK_PRICE_CEILING_CENTS, M.amount)
          .max(BULK_PRICE_CEILING_CENTS, M.amount)
          .refine((value) => value !== 0, M.amount),
      })
      .strict(),
    z
      .object({
        kind: z.literal('add_stock'),
        // The same size rule as Create size: "9", "9.5", between the chart's smallest and largest.
        size: createSizeSchema.shape.size,
        quantity: z
          .number(M.quantity)
          .int(M.quantity)
          .min(1, M.quantity)
          .max(SHOE_LIMITS.maxQuantity, M.quantity),
      })
      .strict(),
  ],
  { error: M.action },
) satisfies z.ZodType<BulkAction, unknown>;

/** What the preview and the apply both take. */
export const bulkPreviewBodySchema = z
  .object({ selection: bulkSelectionSchema, action: bulkActionSchema })
  .strict();
export type BulkPreviewBody = z.input<typeof bulkPreviewBodySchema>;

/**
 * The apply adds the preview's shoes and their versions: it changes exactly those, or answers 409
 * naming the first that changed since (nothing written).
 */
export const bulkApplyBodySchema = z
  .object({
    selection: bulkSelectionSchema,
    action: bulkActionSchema,
    expected: z
      .array(z.object({ _id: z.string().max(100), version: z.number().int() }).strict(), M.expected)
      .min(1, M.expected)
      .max(BULK_EDIT_MAX_SHOES, M.expected),
  })
  .strict();
export type BulkApplyBody = z.input<typeof bulkApplyBodySchema>;

/** One shoe's price (dollars, as shoes' answers give it), sale flag and the action's size's pairs. */
const bulkStateSchema = z.object({
  price: z.number(),
  onSale: z.boolean(),
  /** Pairs of the action's size; null when the shoe does not have it (the apply creates it). Only for add_stock. */
  quantity: z.number().int().nullable().optional(),
});

export const bulkShoeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  /** The version the preview read: the apply sends it back. */
  version: z.number().int(),
  before: bulkStateSchema,
  after: bulkStateSchema,
  changed: z.boolean(),
  /** The price was held at $1 or at the highest price. */
  bounded: z.boolean(),
  /** Why the action cannot be applied to this shoe; the apply is refused while one has a problem. */
  problem: z.string().optional(),
});
export type BulkShoe = z.infer<typeof bulkShoeSchema>;

export const bulkAnswerSchema = z.object({
  /** The apply's summary ("Changed 3 shoes; 1 unchanged."); the preview has none. */
  message: z.string().optional(),
  /** The action in words: "Price −10%". */
  action: z.string(),
  shoes: z.array(bulkShoeSchema),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
