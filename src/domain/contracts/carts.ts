import { z } from 'zod';
import { cartLineSchema, cartSchema } from '../cart.js';

/**
 * A signed-in shopper's cart kept on the server (issue 35 item 1, docs/decisions/025): the same lines
 * as `carrito` (spec §3), a version every write names, and what changed since each line was added.
 */

/** What changed in the catalogue since a line was added (compared with its snapshot then). */
export const cartLineChangesSchema = z.object({
  /** The shoe left the catalogue. */
  removed: z.boolean(),
  /** The price when the line was added and the price now, when they differ. */
  price: z.object({ was: z.number(), now: z.number() }).nullable(),
  /** Pairs left in this size now (0: sold out in this size, or the size is gone); null when removed. */
  left: z.number().int().nullable(),
  /** Sold out in this size (a restock alert may be asked for). */
  soldOut: z.boolean(),
  /** Fewer pairs left than the line asks for, or only a few (LOW_STOCK_THRESHOLD or fewer). */
  low: z.boolean(),
});
export type CartLineChanges = z.infer<typeof cartLineChangesSchema>;

/** A saved line: the cart line (its `price` the catalogue's now) with when it was added and what changed. */
export const savedCartLineSchema = cartLineSchema.extend({
  addedAt: z.string(),
  changes: cartLineChangesSchema,
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

/** `GET|PUT /api/account/cart`, `POST /api/account/cart/merge`: the cart as saved now. */
export const savedCartSchema = z.object({
  /** Names this cart until it is emptied (Clear Cart, its last line removed, paid): then a new one starts. */
  cartId: z.string(),
  /** Grows with every change; a write names the version it was made on (0: nothing saved yet). */
  version: z.number().int().nonnegative(),
  /** The shopper's last change. */
  updatedAt: z.string(),
  lines: z.array(savedCartLineSchema),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

/**
 * `PUT /api/account/cart`: the device's whole cart, written over the saved one only if nobody changed
 * it since `version` (else merged into it, as at sign-in, so no line is lost unseen).
 */
export const savedCartWriteSchema = z
  .object({
    version: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 31 - 1),
    lines: cartSchema,
  })
  .strict();
export type SavedCartWrite = z.infer<typeof savedCartWriteSchema>;

/** `POST /api/account/cart/merge`: the device's cart, merged into the saved one (mergeCarts). */
export const savedCartMergeSchema = z.object({ lines: cartSchema }).strict();
