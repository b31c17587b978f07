import { describe, expect, it } from 'vitest';
import { discountCodeFormSchema, discountTermsOf, type DiscountCodeForm } from './discount-form.js';
import { MESSAGES } from './messages.js';

const M = MESSAGES.discounts;
const form = (fields: Partial<DiscountCodeForm> = {}): DiscountCodeForm => ({
  code: 'spring25',
  kind: 'percent',
  value: '25',
  target: 'cart',
  ...fields,
});
const errors = (fields: Partial<DiscountCodeForm>) => {
  const result = discountCodeFormSchema.safeParse(form(fields));
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the discount code form', () => {
  it('reads a percentage code for the whole cart, in capitals', () => {
    expect(discountTermsOf(discountCodeFormSchema.parse(form()))).toEqual({
      code: 'SPRING25',
      amount: { kind: 'percent', percent: 25 },
      target: { kind: 'cart' },
      minSubtotalCents: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      oncePerCustomer: false,
    });
  });

  it('reads a fixed amount for some brands, with every limit', () => {
    const parsed = discountCodeFormSchema.parse(
      form({
        kind: 'fixed',
        value: '12.50',
        minSubtotal: '100',
        startsOn: '2026-12-01',
        endsOn: '2026-12-31',
        maxUses: '10',
        oncePerCustomer: true,
        target: 'brands',
        brands: ['Velo', 'Velo', 'Stride'],
      }),
    );
    expect(discountTermsOf(parsed)).toMatchObject({
      amount: { kind: 'fixed', amountCents: 1250 },
      target: { kind: 'brands', brands: ['Velo', 'Stride'] },
      minSubtotalCents: 10000,
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      maxUses: 10,
      oncePerCustomer: true,
    });
  });

  it('reads JSON numbers as their text, by the same rules and with the same messages', () => {
    const numbers = form({ kind: 'fixed', value: 15, minSubtotal: 50, maxUses: 10 });
    const text = form({ kind: 'fixed', value: '15', minSubtotal: '50', maxUses: '10' });
    expect(discountTermsOf(discountCodeFormSchema.parse(numbers))).toEqual(
      discountTermsOf(discountCodeFormSchema.parse(text)),
    );
    for (const value of [0, 91, -5, 12.5, 1e21]) expect(errors({ value })).toEqual({ value: M.percent });
    for (const value of [0, -1, 0.001, 10000.01])
      expect(errors({ kind: 'fixed', value })).toEqual({ value: M.amount });
    for (const minSubtotal of [-1, 10000.01, 0.001])
      expect(errors({ minSubtotal })).toEqual({ minSubtotal: M.minSubtotal });
    for (const maxUses of [0, -3, 2.5, 1_000_001]) expect(errors({ maxUses })).toEqual({ maxUses: M.uses });
  });

  it('refuses what no shop should offer, each with its message', () => {
    expect(errors({ code: 'ab' })).toEqual({ code: M.codeFormat });
    expect(errors({ code: "x' OR 1=1 --" })).toEqual({ code: M.codeFormat });
    for (const value of ['0', '91', '100', '-5', '12.5', 'ten'])
      expect(errors({ value })).toEqual({ value: M.percent });
    for (const value of ['0', '-1', '0.001', '10000.01', '1e3'])
      expect(errors({ kind: 'fixed', value })).toEqual({ value: M.amount });
    expect(errors({ startsOn: '2026-12-31', endsOn: '2026-12-01' })).toEqual({ endsOn: M.dates });
    expect(errors({ startsOn: '2026-02-30' })).toEqual({ startsOn: M.date });
    expect(errors({ maxUses: '0' })).toEqual({ maxUses: M.uses });
    expect(errors({ target: 'brands', brands: [] })).toEqual({ brands: M.brands });
  });
});
