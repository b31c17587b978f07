import { z } from 'zod';
import { CART_LIMITS, type CartLine } from './cart-lines.js';

export * from './cart-lines.js';

/** A cart line of spec §3: `_id` is the shoe id, `size` the chosen size label. */
export const cartLineSchema = z.object({
  _id: z.string().min(1).max(CART_LIMITS.idMax),
  name: z.string().max(CART_LIMITS.nameMax),
  image: z.string().max(CART_LIMITS.imageMax),
  quantity: z.number().int().min(1).max(CART_LIMITS.quantityMax),
  price: z.number().nonnegative().max(CART_LIMITS.priceMax),
  size: z.string().min(1).max(CART_LIMITS.sizeMax),
}) satisfies z.ZodType<CartLine>;

export const cartSchema = z.array(cartLineSchema).max(CART_LIMITS.lines);
