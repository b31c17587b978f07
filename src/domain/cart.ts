import { z } from 'zod';

/** A cart line of spec §3: `_id` is the shoe id, `size` the chosen size label. */
export const cartLineSchema = z.object({
  _id: z.string().min(1).max(100),
  name: z.string().max(200),
  image: z.string().max(500),
  quantity: z.number().int().min(1).max(99),
  price: z.number().nonnegative().max(100_000),
  size: z.string().min(1).max(10),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema).max(100);

export const MAX_LINE_QUANTITY = 99;

/** Reads a stored cart; anything that is not a valid cart resets it to empty. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed = cartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function sameLine(a: Pick<CartLine, '_id' | 'size'>, b: Pick<CartLine, '_id' | 'size'>): boolean {
  return a._id === b._id && a.size === b.size;
}

/** The same shoe in the same size adds to its line's quantity. */
export function addToCart(cart: readonly CartLine[], line: CartLine): CartLine[] {
  const existing = cart.find((item) => sameLine(item, line));
  if (!existing) return [...cart, line];
  return cart.map((item) =>
    sameLine(item, line)
      ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + line.quantity) }
      : item,
  );
}

export function incrementQuantity(
  cart: readonly CartLine[],
  key: Pick<CartLine, '_id' | 'size'>,
): CartLine[] {
  return cart.map((item) =>
    sameLine(item, key) ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + 1) } : item,
  );
}

/** Minus never goes below 1 (spec §4). */
export function decrementQuantity(
  cart: readonly CartLine[],
  key: Pick<CartLine, '_id' | 'size'>,
): CartLine[] {
  return cart.map((item) =>
    sameLine(item, key) ? { ...item, quantity: Math.max(1, item.quantity - 1) } : item,
  );
}

export function removeLine(cart: readonly CartLine[], key: Pick<CartLine, '_id' | 'size'>): CartLine[] {
  return cart.filter((item) => !sameLine(item, key));
}

/** Money is summed in cents so that 0.1 + 0.2 never shows up on a receipt. */
export function subtotalCents(cart: readonly CartLine[]): number {
  return cart.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
}

export function subtotal(cart: readonly CartLine[]): number {
  return subtotalCents(cart) / 100;
}

export function itemCount(cart: readonly CartLine[]): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
