import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHOE_LIMITS } from './admin.js';
import { SEARCH_MATCH_CAP } from './catalog-search.js';
import {
  BULK_EDIT_MAX_SHOES,
  BULK_PRICE_CEILING_CENTS,
  BULK_PRICE_FLOOR_CENTS,
  bulkOutcome,
  describeBulkAction,
  divideRounded,
  priceByAmount,
  priceByPercent,
} from './bulk-edit.js';
import { bulkActionSchema, bulkSelectionSchema } from './contracts/bulk-edit.js';

const price = fc.integer({ min: BULK_PRICE_FLOOR_CENTS, max: BULK_PRICE_CEILING_CENTS });
/** Percentages as the form takes them: two decimals at most, -100 to +1000. */
const percent = fc.integer({ min: -10_000, max: 100_000 }).map((basisPoints) => basisPoints / 100);
const amount = fc.integer({ min: -BULK_PRICE_CEILING_CENTS, max: BULK_PRICE_CEILING_CENTS });

describe('a bulk price change', () => {
  it('is always whole cents, never below $1, never above the highest price', () => {
    fc.assert(
      fc.property(price, percent, amount, (cents, pct, delta) => {
        for (const result of [priceByPercent(cents, pct), priceByAmount(cents, delta)]) {
          expect(Number.isInteger(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(BULK_PRICE_FLOOR_CENTS);
          expect(result).toBeLessThanOrEqual(BULK_PRICE_CEILING_CENTS);
        }
      }),
    );
  });

  it('is the exact percentage, rounded to the nearest cent, whenever it stays within bounds', () => {
    fc.assert(
      fc.property(price, percent, (cents, pct) => {
        const exact = (cents * (10_000 + Math.round(pct * 100))) / 10_000;
        const result = priceByPercent(cents, pct);
        if (exact >= BULK_PRICE_FLOOR_CENTS && exact <= BULK_PRICE_CEILING_CENTS) {
          expect(Math.abs(result - exact)).toBeLessThanOrEqual(0.5);
        }
        // A cut never raises a price, a rise never lowers it (unless the $1 floor holds it).
        if (pct < 0 && cents > BULK_PRICE_FLOOR_CENTS) expect(result).toBeLessThanOrEqual(cents);
        if (pct > 0) expect(result).toBeGreaterThanOrEqual(cents);
      }),
    );
  });

  it('rounds a half cent away from zero, in integers (no float error)', () => {
    // 10% off $19.95 is 1795.5 cents: $17.96. 15% off $0.99 would be 84.15: held at $1.
    expect(priceByPercent(1995, -10)).toBe(1796);
    expect(priceByPercent(9999, -15)).toBe(8499); // 8499.15
    expect(priceByPercent(10_005, -10)).toBe(9005); // 9004.5 rounds up
    expect(priceByPercent(12_000, -100)).toBe(100);
    expect(priceByPercent(BULK_PRICE_CEILING_CENTS, 10)).toBe(BULK_PRICE_CEILING_CENTS);
    expect(divideRounded(-21, 2)).toBe(-11);
    expect(divideRounded(21, 2)).toBe(11);
    expect(divideRounded(20, 3)).toBe(7);
  });

  it('by an amount adds it, held at $1', () => {
    expect(priceByAmount(12_000, 500)).toBe(12_500);
    expect(priceByAmount(800, -1000)).toBe(100);
  });
});

describe('what an action does to a shoe', () => {
  const shoe = { priceCents: 12_000, onSale: false, quantity: 3 };

  it('says when it changes nothing', () => {
    expect(bulkOutcome(shoe, { kind: 'take_off_sale' })).toMatchObject({ changed: false });
    expect(bulkOutcome(shoe, { kind: 'put_on_sale' })).toMatchObject({
      changed: true,
      after: { onSale: true, priceCents: 12_000 },
    });
    expect(bulkOutcome({ ...shoe, priceCents: 100 }, { kind: 'price_amount', amountCents: -500 })).toEqual({
      after: { ...shoe, priceCents: 100 },
      changed: false,
      bounded: true,
    });
  });

  it('adds pairs to a size, creating it, never past the most a size may hold', () => {
    const add = (quantity: number) => ({ kind: 'add_stock' as const, size: '10', quantity });
    expect(bulkOutcome({ ...shoe, quantity: null }, add(5)).after.quantity).toBe(5);
    expect(bulkOutcome(shoe, add(5)).after.quantity).toBe(8);
    const full = bulkOutcome({ ...shoe, quantity: SHOE_LIMITS.maxQuantity - 1 }, add(2));
    expect(full).toMatchObject({
      changed: false,
      problem: expect.stringContaining('Size 10 has 99,999 pairs'),
    });
  });

  it('reads as words', () => {
    expect(describeBulkAction({ kind: 'price_percent', percent: -10 })).toBe('Price −10%');
    expect(describeBulkAction({ kind: 'price_amount', amountCents: 500 })).toBe('Price +$5');
    expect(describeBulkAction({ kind: 'price_amount', amountCents: -1050 })).toBe('Price −$10.50');
    expect(describeBulkAction({ kind: 'add_stock', size: '10', quantity: 5 })).toBe('Add 5 pairs of size 10');
  });
});

describe('the body', () => {
  it('refuses a selection of both or neither, too many ids saying how many, and a zero change', () => {
    expect(bulkSelectionSchema.safeParse({}).success).toBe(false);
    expect(bulkSelectionSchema.safeParse({ ids: [], search: 'x' }).success).toBe(false);
    const ids = Array.from({ length: 1001 }, () => crypto.randomUUID());
    expect(bulkSelectionSchema.safeParse({ ids }).error?.issues[0]?.message).toMatch(/^1,001 shoes selected/);
    expect(bulkActionSchema.safeParse({ kind: 'price_percent', percent: 0 }).success).toBe(false);
    expect(bulkActionSchema.safeParse({ kind: 'price_percent', percent: 12.345 }).success).toBe(false);
    expect(bulkActionSchema.safeParse({ kind: 'price_percent', percent: -12.5 }).success).toBe(true);
    expect(bulkActionSchema.safeParse({ kind: 'add_stock', size: '010', quantity: 1 }).data).toEqual({
      kind: 'add_stock',
      size: '10',
      quantity: 1,
    });
  });
});

describe('the bulk edit and the search cap', () => {
  it('selects no more shoes than a search counts exactly (decision 033)', () => {
    expect(BULK_EDIT_MAX_SHOES).toBeLessThanOrEqual(SEARCH_MATCH_CAP);
  });
});
