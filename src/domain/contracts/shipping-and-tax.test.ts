import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  milliPercentOf,
  percentOf,
  shippingMethodFormSchema,
  shippingMethodTermsOf,
  taxRateBodySchema,
  taxStateSchema,
} from './shipping-and-tax.js';

describe('the shipping method form', () => {
  it('reads dollars as whole cents, without floating-point drift', () => {
    const form = shippingMethodFormSchema.parse({
      name: ' Express ',
      price: '19.95',
      freeAbove: 150.1,
      minDays: '1',
      maxDays: 2,
    });
    expect(shippingMethodTermsOf(form)).toEqual({
      name: 'Express',
      priceCents: 1995,
      freeAboveCents: 15_010,
      minDays: 1,
      maxDays: 2,
      active: true,
    });
    expect(
      shippingMethodTermsOf(
        shippingMethodFormSchema.parse({ name: 'Free', price: 0, freeAbove: '', minDays: 0, maxDays: 0 }),
      ),
    ).toMatchObject({ priceCents: 0, freeAboveCents: null });
  });

  it('puts each rule’s message on its field', () => {
    const result = shippingMethodFormSchema.safeParse({
      name: '',
      price: '1.234',
      minDays: '3',
      maxDays: '2',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      name: MESSAGES.shippingMethods.name,
      price: MESSAGES.shippingMethods.price,
    });
    const days = shippingMethodFormSchema.safeParse({ name: 'A', price: '1', minDays: '3', maxDays: '2' });
    expect(days.error!.issues).toEqual([
      expect.objectContaining({ path: ['maxDays'], message: MESSAGES.shippingMethods.dayOrder }),
    ]);
  });
});

describe('a tax rate', () => {
  it.each([
    ['7.25', 7250],
    ['8.875', 8875],
    ['4.35', 4350],
    ['0.001', 1],
    ['25', 25_000],
  ])('%s %% is %i thousandths of a percent, and reads back the same', (percent, milli) => {
    expect(milliPercentOf(percent)).toBe(milli);
    expect(percentOf(milli)).toBe(String(Number(percent)));
    expect(taxRateBodySchema.safeParse({ rate: percent }).success).toBe(true);
  });

  it('is above 0 and up to 25 %, with up to 3 decimals', () => {
    for (const rate of ['0', '0.0004', '25.001', '7.2505', '-1', '7%', ''])
      expect(taxRateBodySchema.safeParse({ rate }).error?.issues[0]?.message, rate).toBe(
        MESSAGES.salesTax.rate,
      );
  });

  it('names its state by code in any case or by name', () => {
    expect(taxStateSchema.parse('nc')).toBe('NC');
    expect(taxStateSchema.parse('North Carolina')).toBe('NC');
    expect(taxStateSchema.safeParse('Atlantis').error?.issues[0]?.message).toBe(MESSAGES.salesTax.state);
  });
});
