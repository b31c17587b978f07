import { SHOE_LIMITS } from './admin.js';
import { formatPrice } from './cart-lines.js';

/**
 * Bulk edits of the admin's shoes table (issue 33 item 5): the arithmetic of a price changed by a
 * percentage or an amount, and what one action does to one shoe. Pure, so the preview, the apply and
 * the property tests all run the same rules.
 */

/** The most shoes one request may preview or change: a larger selection is refused, saying how many. */
export const BULK_EDIT_MAX_SHOES = 1000;
/** No bulk change takes a price below $1 or above the forms' highest price. */
export const BULK_PRICE_FLOOR_CENTS = 100;
export const BULK_PRICE_CEILING_CENTS = SHOE_LIMITS.maxPrice * 100;
/** The widest percentage change: -100% (every price to the $1 floor) to +1000%. */
export const BULK_PERCENT_RANGE = { min: -100, max: 1000 } as const;

/**
 * `numerator / denominator` rounded to the nearest integer, a half away from zero (for the positive
 * values prices are, a half up: 1050.5 cents is 1051). Integer arithmetic: a float never turns
 * 10% off $19.95 into one cent too few.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** A price kept between the $1 floor and the highest price. */
export function boundedPrice(cents: number): number {
  return Math.min(BULK_PRICE_CEILING_CENTS, Math.max(BULK_PRICE_FLOOR_CENTS, cents));
}

/**
 * A price changed by `percent` (two decimals at most: -12.5 is 12.5% off), rounded to the cent a half
 * away from zero, then kept between $1 and the highest price.
 */
export function priceByPercent(cents: number, percent: number): number {
  return boundedPrice(percentOf(cents, percent));
}

/** The price after `percent`, rounded to the cent but not yet bounded. */
function percentOf(cents: number, percent: number): number {
  return divideRounded(cents * (10_000 + Math.round(percent * 100)), 10_000);
}

/** A price changed by an amount in cents (negative lowers it), kept between $1 and the highest price. */
export function priceByAmount(cents: number, amountCents: number): number {
  return boundedPrice(cents + amountCents);
}

/** One action of a bulk edit, as the body's `action` gives it (contracts/bulk-edit.ts). */
export type BulkAction =
  | { kind: 'put_on_sale' }
  | { kind: 'take_off_sale' }
  | { kind: 'price_percent'; percent: number }
  | { kind: 'price_amount'; amountCents: number }
  | { kind: 'add_stock'; size: string; quantity: number };

/** What an action reads and writes of one shoe. `quantity` is the action's size's pairs (null: no such size). */
export interface BulkShoeState {
  priceCents: number;
  onSale: boolean;
  quantity: number | null;
}

export interface BulkOutcome {
  after: BulkShoeState;
  changed: boolean;
  /** The price was held at $1 or at the highest price. */
  bounded: boolean;
  /** Why this shoe cannot take the action (the request is refused while one cannot). */
  problem?: string;
}

const signed = (value: number, text: string) => `${value < 0 ? '−' : '+'}${text}`;

/** An action in the shop owner's words: "Price −10%", "Price +$5", "Add 5 pairs of size 10". */
export function describeBulkAction(action: BulkAction): string {
  switch (action.kind) {
    case 'put_on_sale':
      return 'Put on sale';
    case 'take_off_sale':
      return 'Take off sale';
    case 'price_percent':
      return `Price ${signed(action.percent, `${Math.abs(action.percent)}%`)}`;
    case 'price_amount':
      return `Price ${signed(action.amountCents, formatPrice(Math.abs(action.amountCents) / 100))}`;
    case 'add_stock':
      return `Add ${action.quantity} ${action.quantity === 1 ? 'pair' : 'pairs'} of size ${action.size}`;
  }
}

/** What `action` makes of one shoe, and whether that changes it. */
export function bulkOutcome(before: BulkShoeState, action: BulkAction): BulkOutcome {
  const same = { after: before, changed: false, bounded: false };
  switch (action.kind) {
    case 'put_on_sale':
    case 'take_off_sale': {
      const onSale = action.kind === 'put_on_sale';
      return { ...same, after: { ...before, onSale }, changed: onSale !== before.onSale };
    }
    case 'price_percent':
    case 'price_amount': {
      const raw =
        action.kind === 'price_percent'
          ? percentOf(before.priceCents, action.percent)
          : before.priceCents + action.amountCents;
      const priceCents = boundedPrice(raw);
      return {
        after: { ...before, priceCents },
        changed: priceCents !== before.priceCents,
        bounded: priceCents !== raw,
      };
    }
    case 'add_stock': {
      const quantity = (before.quantity ?? 0) + action.quantity;
      if (quantity > SHOE_LIMITS.maxQuantity) {
        return { ...same, problem: BULK_MESSAGES.tooManyPairs(action.size, before.quantity ?? 0) };
      }
      return { ...same, after: { ...before, quantity }, changed: true };
    }
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const shoesText = (n: number) => `${count(n)} ${n === 1 ? 'shoe' : 'shoes'}`;

/** The bulk edit's own texts (none of them is the spec's). */
export const BULK_MESSAGES = {
  /** `atLeast`: a search past its cap (decision 033) knows only that more shoes match. */
  tooMany: (selected: number, atLeast = false) =>
    `${atLeast ? 'More than ' : ''}${shoesText(selected)} selected: at most ${count(BULK_EDIT_MAX_SHOES)} can be changed at once. Narrow the search or select fewer.`,
  noneSelected: 'Select at least one shoe.',
  selection: 'Select shoes by their ids, or by a search.',
  shoeId: 'Each selected shoe must be a shoe id.',
  search: 'A search is at most 100 characters.',
  action: 'Choose what to do: put on sale, take off sale, change the price, or add stock.',
  percent: `Write a percentage from ${BULK_PERCENT_RANGE.min} to +${BULK_PERCENT_RANGE.max}, other than 0, with at most two decimals.`,
  amount: `Write an amount in cents other than 0, at most ${count(BULK_PRICE_CEILING_CENTS)} either way.`,
  quantity: `Add from 1 to ${count(SHOE_LIMITS.maxQuantity)} pairs.`,
  expected: 'Preview first: the apply names each previewed shoe and its version.',
  missing: (n: number) =>
    `${n === 1 ? 'A selected shoe no longer exists' : `${count(n)} selected shoes no longer exist`}: select again.`,
  noMatch: 'No shoe matches this search.',
  selectionChanged:
    'The shoes selected are not the ones previewed (a shoe was added, deleted or renamed since): preview again.',
  stale: (name: string) => `${name} changed since the preview: preview again.`,
  tooManyPairs: (size: string, has: number) =>
    `Size ${size} has ${count(has)} pairs: adding these would pass the most a size may hold (${count(SHOE_LIMITS.maxQuantity)}).`,
  cannotApply: (name: string, problem: string) => `${name}: ${problem}`,
  applied: (changed: number, unchanged: number) =>
    `Changed ${shoesText(changed)}${unchanged > 0 ? `; ${shoesText(unchanged)} unchanged` : ''}.`,
} as const;
