import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  allocate,
  applyCode,
  appliesTo,
  computeDiscount,
  isDiscountCode,
  normalizeCode,
  refusalMessage,
  type DiscountableLine,
  type DiscountCode,
} from './discounts.js';

const line = (unitPriceCents: number, quantity = 1, brand = 'Stride', onSale = false): DiscountableLine => ({
  unitPriceCents,
  quantity,
  brand,
  onSale,
});

describe('codes', () => {
  it('are 3 to 32 letters and digits, compared in capitals', () => {
    expect(['abc', 'SPRING25', 'a'.repeat(32)].every(isDiscountCode)).toBe(true);
    expect(['ab', 'a'.repeat(33), 'SPRING-25', "x' OR 1=1", 'café', ''].some(isDiscountCode)).toBe(false);
    expect(normalizeCode(' spring25 ')).toBe('SPRING25');
  });
});

describe('allocate', () => {
  it('sums exactly to the total, in proportion, the odd cents to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocate(1, [5000, 5000])).toEqual([1, 0]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('sums exactly for many random carts', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Math.floor(random() * 50_000),
      );
      const total = Math.floor(random() * weights.reduce((a, b) => a + b, 0));
      const shares = allocate(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(weights.some((w) => w > 0) ? total : 0);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i]!));
    }
  });
});

describe('computeDiscount', () => {
  it('takes a percentage of the cart, rounded to the nearest cent', () => {
    // 15% of $33.33 = 499.95 cents: 500.
    const result = computeDiscount({ kind: 'percent', percent: 15 }, { kind: 'cart' }, [line(3333)]);
    expect(result).toEqual({ totalCents: 500, perLine: [500], eligibleCents: 3333 });
  });

  it('shares it among the lines, each line paying its part', () => {
    const result = computeDiscount({ kind: 'percent', percent: 10 }, { kind: 'cart' }, [
      line(12999, 2),
      line(8950),
      line(4999, 3),
    ]);
    expect(result.totalCents).toBe(Math.round((25998 + 8950 + 14997) * 0.1));
    expect(result.perLine.reduce((a, b) => a + b, 0)).toBe(result.totalCents);
    expect(result.perLine).toEqual([2600, 895, 1500]);
  });

  it('applies to the chosen brands only, whatever their case', () => {
    const lines = [line(10000, 1, 'Stride'), line(5000, 1, 'Velo')];
    const result = computeDiscount(
      { kind: 'percent', percent: 20 },
      { kind: 'brands', brands: ['velo'] },
      lines,
    );
    expect(result).toEqual({ totalCents: 1000, perLine: [0, 1000], eligibleCents: 5000 });
    expect(appliesTo({ kind: 'brands', brands: ['VELO'] }, lines[1]!)).toBe(true);
  });

  it('leaves shoes already on sale alone when asked to', () => {
    const lines = [line(10000, 1, 'Stride', true), line(6000)];
    const result = computeDiscount({ kind: 'fixed', amountCents: 2500 }, { kind: 'not_on_sale' }, lines);
    expect(result.perLine).toEqual([0, 2500]);
  });

  it('takes a fixed amount at most the lines it applies to are worth', () => {
    const result = computeDiscount(
      { kind: 'fixed', amountCents: 5000 },
      { kind: 'brands', brands: ['Velo'] },
      [line(10000, 1, 'Stride'), line(3000, 1, 'Velo')],
    );
    expect(result.totalCents).toBe(3000);
  });

  it('never takes a cart below one dollar', () => {
    expect(
      computeDiscount({ kind: 'fixed', amountCents: 5000 }, { kind: 'cart' }, [line(4000)]).totalCents,
    ).toBe(3900);
    expect(computeDiscount({ kind: 'percent', percent: 90 }, { kind: 'cart' }, [line(150)]).totalCents).toBe(
      50,
    );
    expect(computeDiscount({ kind: 'percent', percent: 90 }, { kind: 'cart' }, [line(80)]).totalCents).toBe(
      0,
    );
  });

  it('gives nothing when no line is one it applies to', () => {
    const result = computeDiscount({ kind: 'percent', percent: 50 }, { kind: 'brands', brands: ['Lumen'] }, [
      line(9000),
    ]);
    expect(result).toEqual({ totalCents: 0, perLine: [0], eligibleCents: 0 });
  });
});

describe('applyCode', () => {
  const code = (fields: Partial<DiscountCode> = {}): DiscountCode => ({
    code: 'SPRING',
    amount: { kind: 'percent', percent: 10 },
    target: { kind: 'cart' },
    minSubtotalCents: null,
    startsOn: null,
    endsOn: null,
    maxUses: null,
    uses: 0,
    oncePerCustomer: false,
    active: true,
    ...fields,
  });
  const cart = (
    fields: Partial<{ lines: DiscountableLine[]; today: string; usedByCustomer: boolean }> = {},
  ) => ({
    lines: [line(10000)],
    today: '2026-05-10',
    usedByCustomer: false,
    ...fields,
  });
  const reason = (result: ReturnType<typeof applyCode>) => (result.ok ? 'ok' : result.refusal);

  it('takes its discount off a cart it applies to', () => {
    expect(applyCode(code(), cart())).toEqual({
      ok: true,
      discount: { totalCents: 1000, perLine: [1000], eligibleCents: 10000 },
    });
  });

  it('refuses with the reason a shopper can act on', () => {
    expect(reason(applyCode(code({ active: false }), cart()))).toEqual({ reason: 'inactive' });
    expect(reason(applyCode(code({ startsOn: '2026-05-11' }), cart()))).toEqual({
      reason: 'not_started',
      startsOn: '2026-05-11',
    });
    expect(reason(applyCode(code({ endsOn: '2026-05-09' }), cart()))).toEqual({ reason: 'expired' });
    expect(reason(applyCode(code({ maxUses: 10, uses: 10 }), cart()))).toEqual({ reason: 'used_up' });
    expect(reason(applyCode(code({ oncePerCustomer: true }), cart({ usedByCustomer: true })))).toEqual({
      reason: 'used_by_you',
    });
    expect(reason(applyCode(code({ minSubtotalCents: 12050 }), cart()))).toEqual({
      reason: 'minimum',
      shortCents: 2050,
    });
    expect(
      reason(
        applyCode(code({ target: { kind: 'not_on_sale' } }), cart({ lines: [line(5000, 1, 'Velo', true)] })),
      ),
    ).toEqual({
      reason: 'nothing_applies',
    });
  });

  it('counts its first and last days', () => {
    const dated = code({ startsOn: '2026-05-10', endsOn: '2026-05-10' });
    expect(applyCode(dated, cart()).ok).toBe(true);
    expect(applyCode(code({ maxUses: 10, uses: 9 }), cart()).ok).toBe(true);
    expect(applyCode(code({ minSubtotalCents: 10000 }), cart()).ok).toBe(true);
    expect(applyCode(code({ oncePerCustomer: true }), cart()).ok).toBe(true);
  });
});

describe('refusalMessage', () => {
  it('says how much more a short cart needs, in dollars', () => {
    expect(refusalMessage({ reason: 'minimum', shortCents: 2050 })).toBe(
      MESSAGES.discounts.minimum('$20.50'),
    );
    expect(refusalMessage({ reason: 'minimum', shortCents: 500 })).toBe(
      'Add $5 more to your cart to use this code',
    );
    expect(refusalMessage({ reason: 'used_up' })).toBe(MESSAGES.discounts.usedUp);
  });
});
