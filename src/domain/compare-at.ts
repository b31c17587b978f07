import { formatPrice } from './cart-lines.js';

/** What a shoe on sale saves against its "compare at" price (issue 33 item 6). */
export interface SaleSaving {
  /** The compare-at price: the "was". */
  was: number;
  /** Whole percent off, rounded down: $150 to $120 is 20% off, $150 to $119 is 20% off too (20.66). */
  percentOff: number;
  /** Read by screen readers in place of the struck-through figures: "Was $150, now $120". */
  spoken: string;
}

/**
 * The was/now of a shoe, only while it is on sale and its compare-at price is above its price;
 * undefined otherwise (an old compare-at price after a price rise says nothing). Never what is
 * charged: carts and checkout use `price`.
 */
export function saleSaving(shoe: {
  price: number;
  compareAtPrice?: number;
  onSale: boolean;
}): SaleSaving | undefined {
  const { price, compareAtPrice: was, onSale } = shoe;
  if (!onSale || was === undefined || !(was > price) || !(price > 0)) return undefined;
  // In cents, so float error never turns 20% into 19%.
  const wasCents = Math.round(was * 100);
  const percentOff = Math.floor(((wasCents - Math.round(price * 100)) * 100) / wasCents);
  return { was, percentOff, spoken: `Was ${formatPrice(was)}, now ${formatPrice(price)}` };
}
