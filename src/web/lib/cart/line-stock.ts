/** What the shop knows about one cart line's size right now. */
export type LineStock =
  /** Still loading, or the shoe could not be read: no limit is applied. */
  | { kind: 'unknown' }
  /** The shoe left the catalogue. */
  | { kind: 'gone' }
  /** Pairs in stock in this size (0 when sold out or the size no longer exists). */
  | { kind: 'known'; available: number };

export const pairs = (count: number): string => `${count} ${count === 1 ? 'pair' : 'pairs'}`;

/**
 * Why BUY ME! cannot add one more pair of `size`, or null when it can.
 * `inCart` is how many of that shoe and size the cart already holds.
 */
export function addRefusal(size: string, available: number, inCart: number): string | null {
  if (inCart + 1 <= available) return null;
  if (available <= 0) return `Size ${size} is sold out`;
  return `Only ${pairs(available)} left in size ${size}, and all of them are in your cart`;
}

export interface LineStockStatus {
  /** Whether "Increase quantity" may add one more pair. */
  canIncrease: boolean;
  /** The line cannot be bought as it is (sold out, gone, more than in stock). */
  blocked: boolean;
  /** A short note for the line, if any. */
  note: string | null;
}

export function lineStockStatus(quantity: number, stock: LineStock): LineStockStatus {
  switch (stock.kind) {
    case 'unknown':
      return { canIncrease: true, blocked: false, note: null };
    case 'gone':
      return { canIncrease: false, blocked: true, note: 'No longer available' };
    case 'known': {
      const { available } = stock;
      if (available <= 0) return { canIncrease: false, blocked: true, note: 'Sold out in this size' };
      if (quantity > available) {
        return { canIncrease: false, blocked: true, note: `Only ${available} left: lower the quantity` };
      }
      if (quantity === available)
        return { canIncrease: false, blocked: false, note: `Only ${available} left` };
      return { canIncrease: true, blocked: false, note: null };
    }
  }
}
