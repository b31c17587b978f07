import { CART_LIMITS, MAX_LINE_QUANTITY, type CartLine } from './cart-lines.js';

/** What names a line: one line per shoe and size. */
export const lineKey = (line: Pick<CartLine, '_id' | 'size'>): string => `${line._id}\u0000${line.size}`;

/**
 * Signing in merges the device's cart with the one saved on the account (issue 35 item 1,
 * docs/decisions/025): every line of either is kept; the same shoe in the same size keeps the LARGER of
 * the two quantities (not their sum: the same pair picked on the phone and on the laptop is one pair).
 * The saved lines come first in their order, then the device's other lines in theirs; past the cart's
 * limit of lines, the last ones are left out. Pure and without Zod: the server and the browser use it.
 */
export function mergeCarts(saved: readonly CartLine[], device: readonly CartLine[]): CartLine[] {
  const fromDevice = new Map<string, CartLine>();
  for (const line of device) {
    const key = lineKey(line);
    const seen = fromDevice.get(key);
    // A device's list should hold one line per key; if not, the larger wins there too.
    if (!seen || line.quantity > seen.quantity) fromDevice.set(key, line);
  }
  const merged: CartLine[] = [];
  const taken = new Set<string>();
  for (const line of [...saved, ...device]) {
    const key = lineKey(line);
    if (taken.has(key)) continue;
    taken.add(key);
    const other = fromDevice.get(key);
    const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(line.quantity, other?.quantity ?? 0));
    merged.push(quantity === line.quantity ? line : { ...line, quantity });
  }
  return merged.slice(0, CART_LIMITS.lines);
}

/** Whether two carts hold the same lines in the same order (names, pictures and prices aside). */
export function sameLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, index) => {
      const other = b[index]!;
      return lineKey(line) === lineKey(other) && line.quantity === other.quantity;
    })
  );
}
