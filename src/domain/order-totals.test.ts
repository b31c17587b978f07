import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDiscount } from './discounts.js';
import {
  addBusinessDays,
  deliveryEstimate,
  orderTotals,
  shippingCentsOf,
  TAX_RATE_SCALE,
  taxOfCents,
  type SalesTax,
  type ShippingMethod,
} from './order-totals.js';

const STANDARD: ShippingMethod = { priceCents: 0, freeAboveCents: null, minDays: 3, maxDays: 5 };
const EXPRESS: ShippingMethod = { priceCents: 1995, freeAboveCents: null, minDays: 1, maxDays: 2 };
const CALIFORNIA: SalesTax = { rateMilliPercent: 7250, taxShipping: false };
const NEW_YORK_CITY: SalesTax = { rateMilliPercent: 8875, taxShipping: true };

describe('an order’s totals', () => {
  it('are the lines’ total with no method and no tax, as the spec charges', () => {
    expect(orderTotals([13_500, 4_999])).toEqual({
      linesCents: 18_499,
      shippingCents: 0,
      taxCents: 0,
      lineTaxCents: [0, 0],
      shippingTaxCents: 0,
      totalCents: 18_499,
    });
  });

  it('add the method’s price, free above its threshold', () => {
    const freeAbove = { ...EXPRESS, freeAboveCents: 20_000 };
    expect(shippingCentsOf(STANDARD, 100)).toBe(0);
    expect(shippingCentsOf(EXPRESS, 100)).toBe(1995);
    expect(shippingCentsOf(freeAbove, 19_999)).toBe(1995);
    expect(shippingCentsOf(freeAbove, 20_000)).toBe(0);
    expect(orderTotals([10_000], { shipping: EXPRESS }).totalCents).toBe(11_995);
  });

  it('round the tax half up, on shipping only where the state taxes it', () => {
    expect(taxOfCents(10_000, 7250)).toBe(725);
    // 8.875 % of $10.00 is 88.75 cents: 89.
    expect(taxOfCents(1_000, 8875)).toBe(89);
    // 7.25 % of $0.06 is 0.435 cents: 0; of $0.07, 0.5075: 1.
    expect(taxOfCents(6, 7250)).toBe(0);
    expect(taxOfCents(7, 7250)).toBe(1);
    const untaxed = orderTotals([10_000], { shipping: EXPRESS, tax: CALIFORNIA });
    expect(untaxed).toMatchObject({ taxCents: 725, shippingTaxCents: 0, totalCents: 10_000 + 1995 + 725 });
    const taxed = orderTotals([10_000], { shipping: EXPRESS, tax: NEW_YORK_CITY });
    // 8.875 % of 11,995 is 1,064.56: 1,065, of which shipping's share is 177.
    expect(taxed).toMatchObject({ taxCents: 1065, lineTaxCents: [888], shippingTaxCents: 177 });
  });

  const method = fc.record({
    priceCents: fc.integer({ min: 0, max: 5_000 }),
    freeAboveCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
    minDays: fc.constant(1),
    maxDays: fc.constant(3),
  });
  const tax = fc.record({
    rateMilliPercent: fc.integer({ min: 0, max: 15_000 }),
    taxShipping: fc.boolean(),
  });
  const line = fc.record({
    unitPriceCents: fc.integer({ min: 1, max: 60_000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    brand: fc.constant('Stride'),
    onSale: fc.boolean(),
  });
  const code = fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 90 }) }),
    fc.record({ kind: fc.constant('fixed' as const), amountCents: fc.integer({ min: 1, max: 50_000 }) }),
  );

  it('sum exactly: tax parts to the tax, and the parts to the total (random carts, codes, methods, rates)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.option(code),
        fc.option(method),
        fc.option(tax),
        (lines, amount, shipping, rate) => {
          const gross = lines.map((l) => l.unitPriceCents * l.quantity);
          const discount = amount
            ? computeDiscount(amount, { kind: 'cart' }, lines).perLine
            : lines.map(() => 0);
          const net = gross.map((cents, i) => cents - discount[i]!);
          const totals = orderTotals(net, { shipping: shipping ?? undefined, tax: rate ?? undefined });
          const shares = [...totals.lineTaxCents, totals.shippingTaxCents];
          expect(shares.reduce((a, b) => a + b, 0)).toBe(totals.taxCents);
          expect(shares.every((share) => share >= 0)).toBe(true);
          expect(totals.totalCents).toBe(totals.linesCents + totals.shippingCents + totals.taxCents);
          expect(totals.linesCents).toBe(net.reduce((a, b) => a + b, 0));
          // The tax is the rate of what it taxes, to half a cent; each part its share, to a cent.
          const taxed = totals.linesCents + (rate?.taxShipping ? totals.shippingCents : 0);
          const exact = rate ? (taxed * rate.rateMilliPercent) / TAX_RATE_SCALE : 0;
          expect(Math.abs(totals.taxCents - exact)).toBeLessThanOrEqual(0.5);
          net.forEach((cents, i) => {
            const fair = taxed === 0 ? 0 : (totals.taxCents * cents) / taxed;
            expect(Math.abs(totals.lineTaxCents[i]! - fair)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('the delivery estimate', () => {
  // 2026-11-27 is a Friday.
  const friday = new Date('2026-11-27T22:30:00Z');

  it('counts business days, skipping weekends', () => {
    expect(addBusinessDays(friday, 1).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2026-11-30',
    );
    expect(addBusinessDays(new Date('2026-11-24T10:00:00Z'), 3).toISOString().slice(0, 10)).toBe(
      '2026-11-27',
    );
    expect(deliveryEstimate(friday, STANDARD)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    expect(deliveryEstimate(friday, EXPRESS)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
  });
});
