import { formatPrice } from './cart-lines.js';
import { MESSAGES } from './messages.js';

/**
 * Discount codes' arithmetic (issue 18), in whole cents: which lines a code applies to, how much it
 * takes off, and how that amount is shared among the lines so that each order line can say what it
 * cost. Pure: the server prices with it inside the checkout's transaction, the cart page shows it.
 */

export const DISCOUNT_LIMITS = {
  /** Letters and digits, case-insensitive. */
  codeLength: { min: 3, max: 32 },
  percent: { min: 1, max: 90 },
  /** Dollars: the largest fixed amount or minimum subtotal a code may have. */
  amount: { max: 10_000 },
  uses: { max: 1_000_000 },
  /** No discount takes a cart below one dollar (and never to nothing). */
  lowestTotalCents: 100,
} as const;

const CODE_PATTERN = /^[A-Za-z0-9]+$/;

export function isDiscountCode(value: string): boolean {
  const { min, max } = DISCOUNT_LIMITS.codeLength;
  return value.length >= min && value.length <= max && CODE_PATTERN.test(value);
}

/** Codes are stored and compared in capitals: `spring25` is `SPRING25`. */
export function normalizeCode(value: string): string {
  return value.trim().toUpperCase();
}

export type DiscountAmount = { kind: 'percent'; percent: number } | { kind: 'fixed'; amountCents: number };

/** What a code applies to: the whole cart, some brands, or everything not already on sale. */
export type DiscountTarget =
  { kind: 'cart' } | { kind: 'brands'; brands: string[] } | { kind: 'not_on_sale' };

/** A cart line as the discount sees it. */
export interface DiscountableLine {
  unitPriceCents: number;
  quantity: number;
  brand: string;
  onSale: boolean;
}

export function lineCents(line: Pick<DiscountableLine, 'unitPriceCents' | 'quantity'>): number {
  return line.unitPriceCents * line.quantity;
}

export function appliesTo(target: DiscountTarget, line: DiscountableLine): boolean {
  if (target.kind === 'brands') {
    const brand = line.brand.toLowerCase();
    return target.brands.some((name) => name.toLowerCase() === brand);
  }
  if (target.kind === 'not_on_sale') return !line.onSale;
  return true;
}

/**
 * Shares `total` cents among parts in proportion to their weights, to the cent, summing exactly to
 * `total` (largest remainder: each part gets its floor, the cents left go to the largest fractions,
 * the earlier part first on a tie).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface DiscountResult {
  /** Cents taken off the cart. */
  totalCents: number;
  /** Cents taken off each line (0 for the lines the code does not apply to), summing to `totalCents`. */
  perLine: number[];
  /** Cents of the lines the code applies to, before the discount. */
  eligibleCents: number;
}

/**
 * The discount of a code on a cart: a percentage of the lines it applies to (rounded to the nearest
 * cent, half up) or a fixed amount (at most those lines' worth), never taking the cart's total below
 * DISCOUNT_LIMITS.lowestTotalCents; shared among those lines in proportion to their cost.
 */
export function computeDiscount(
  amount: DiscountAmount,
  target: DiscountTarget,
  lines: readonly DiscountableLine[],
): DiscountResult {
  const weights = lines.map((line) => (appliesTo(target, line) ? lineCents(line) : 0));
  const eligibleCents = weights.reduce((a, b) => a + b, 0);
  const subtotal = lines.reduce((sum, line) => sum + lineCents(line), 0);
  const wanted =
    amount.kind === 'percent'
      ? Math.floor((eligibleCents * amount.percent + 50) / 100)
      : Math.min(amount.amountCents, eligibleCents);
  const totalCents = Math.max(0, Math.min(wanted, subtotal - DISCOUNT_LIMITS.lowestTotalCents));
  return { totalCents, perLine: allocate(totalCents, weights), eligibleCents };
}

/** A discount code as the shop keeps it. Days are `YYYY-MM-DD`, in UTC, both included. */
export interface DiscountCode {
  code: string;
  amount: DiscountAmount;
  target: DiscountTarget;
  minSubtotalCents: number | null;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  uses: number;
  oncePerCustomer: boolean;
  active: boolean;
  /** A code made for one shopper (a cart reminder's, docs/decisions/029): anyone else is told it is unknown. */
  onlyForUserId?: string | null;
}

/** Why a code cannot be used on this cart now; `short` is how many cents the subtotal lacks. */
export type CodeRefusal =
  | { reason: 'inactive' | 'expired' | 'used_up' | 'used_by_you' | 'nothing_applies' }
  | { reason: 'not_started'; startsOn: string }
  | { reason: 'minimum'; shortCents: number };

/**
 * Whether the code takes something off this cart today, and how much. The order of the checks is
 * the order a shopper can act on: a code that is over says so before a subtotal that is short.
 */
export function applyCode(
  code: DiscountCode,
  cart: { lines: readonly DiscountableLine[]; today: string; usedByCustomer: boolean },
): { ok: true; discount: DiscountResult } | { ok: false; refusal: CodeRefusal } {
  const refuse = (refusal: CodeRefusal) => ({ ok: false as const, refusal });
  if (!code.active) return refuse({ reason: 'inactive' });
  if (code.startsOn && cart.today < code.startsOn)
    return refuse({ reason: 'not_started', startsOn: code.startsOn });
  if (code.endsOn && cart.today > code.endsOn) return refuse({ reason: 'expired' });
  if (code.maxUses !== null && code.uses >= code.maxUses) return refuse({ reason: 'used_up' });
  if (code.oncePerCustomer && cart.usedByCustomer) return refuse({ reason: 'used_by_you' });
  const subtotal = cart.lines.reduce((sum, line) => sum + lineCents(line), 0);
  if (code.minSubtotalCents !== null && subtotal < code.minSubtotalCents) {
    return refuse({ reason: 'minimum', shortCents: code.minSubtotalCents - subtotal });
  }
  const discount = computeDiscount(code.amount, code.target, cart.lines);
  if (discount.eligibleCents === 0) return refuse({ reason: 'nothing_applies' });
  return { ok: true, discount };
}

/** What the cart says when a code cannot be used. */
export function refusalMessage(refusal: CodeRefusal): string {
  const M = MESSAGES.discounts;
  switch (refusal.reason) {
    case 'inactive':
      return M.inactive;
    case 'not_started':
      return M.notStarted(refusal.startsOn);
    case 'expired':
      return M.expired;
    case 'used_up':
      return M.usedUp;
    case 'used_by_you':
      return M.usedByYou;
    case 'minimum':
      return M.minimum(formatPrice(refusal.shortCents / 100));
    case 'nothing_applies':
      return M.nothingApplies;
  }
}
