/**
 * The cart's rules without Zod (the browser's first page must not load it): cart.ts adds the
 * Zod schemas for the server and re-exports all of this.
 */

/** A cart line of spec §3: `_id` is the shoe id, `size` the chosen size label. */
export interface CartLine {
  _id: string;
  name: string;
  image: string;
  quantity: number;
  price: number;
  size: string;
}

export const MAX_LINE_QUANTITY = 99;

/** The limits of `cartLineSchema` (cart.ts), which is built from them. */
export const CART_LIMITS = {
  idMax: 100,
  nameMax: 200,
  imageMax: 500,
  quantityMax: 99,
  priceMax: 100_000,
  sizeMax: 10,
  lines: 100,
} as const;

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The same rules as `cartLineSchema` without Zod, so the browser reads the stored cart
 * without loading Zod on the first page (cart.test.ts checks the two agree).
 */
export function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const line = value as Record<string, unknown>;
  const { quantity, price } = line;
  return (
    isText(line._id, 1, CART_LIMITS.idMax) &&
    isText(line.name, 0, CART_LIMITS.nameMax) &&
    isText(line.image, 0, CART_LIMITS.imageMax) &&
    isText(line.size, 1, CART_LIMITS.sizeMax) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= CART_LIMITS.quantityMax &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    price <= CART_LIMITS.priceMax
  );
}

/** A cart line with only its known fields (a stored or passed-in line may carry more). */
export function cartLineFields({ _id, name, image, quantity, price, size }: CartLine): CartLine {
  return { _id, name, image, quantity, price, size };
}

/** Reads a stored cart; anything that is not a valid cart resets it to empty. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || parsed.length > CART_LIMITS.lines || !parsed.every(isCartLine)) return [];
    // Like the schema, only the known fields are kept.
    return parsed.map(cartLineFields);
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
