import { describe, expect, it } from 'vitest';
import {
  addressLines,
  checkoutRequestSchema,
  orderBillingAddressOf,
  orderDeliveryAddressOf,
  orderDeliveryAddressSchema,
} from './payment.js';

const delivery = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  city: 'Winston-Salem',
  state: 'n.c.',
  postal_code: '27101',
};

describe('the addresses an order keeps (issue 31)', () => {
  it('keeps the delivery state as typed beside its USPS code, line 2 and phone only when given', () => {
    const kept = orderDeliveryAddressOf({ ...delivery, line2: 'Apt 2' });
    expect(kept).toEqual({ ...delivery, stateCode: 'NC', line2: 'Apt 2' });
    expect(orderDeliveryAddressSchema.parse(kept)).toEqual(kept);
    expect(addressLines(kept)).toEqual([
      "Sam O'Brien",
      '1600 Pennsylvania Ave. NW',
      'Apt 2',
      'Winston-Salem, NC 27101',
    ]);
  });

  it('never keeps a delivery address outside the US (the schema refused it first)', () => {
    expect(() => orderDeliveryAddressOf({ ...delivery, state: 'Ontario' })).toThrow(/Not a US state/);
  });

  it('keeps a billing state abroad without a code, and writes it as typed', () => {
    const billed = orderBillingAddressOf({
      name: 'Ana Lima',
      line1: '1 Front St W',
      city: 'Toronto',
      state: 'Ontario',
      postal_code: 'M5V 2T6',
    });
    expect(billed.stateCode).toBeNull();
    expect(addressLines(billed)).toEqual(['Ana Lima', '1 Front St W', 'Toronto, Ontario M5V 2T6']);
    expect(orderBillingAddressOf({ ...billed, state: 'california' }).stateCode).toBe('CA');
  });

  it('leaves out what an account’s deletion erased, rather than writing empty lines', () => {
    const erased = {
      name: '',
      line1: '',
      city: 'Raleigh',
      state: 'NC',
      stateCode: 'NC' as const,
      postal_code: '27601',
    };
    expect(addressLines(erased)).toEqual(['Raleigh, NC 27601']);
  });
});

describe('checkoutRequestSchema', () => {
  const spec = { id: 'pm_1', shoes: [{ _id: 'a', size: '9', quantity: 1 }], amount: 100 };

  it('takes the spec’s body without an address', () => {
    expect(checkoutRequestSchema.safeParse(spec).success).toBe(true);
  });

  it('takes a billing address only with a delivery address', () => {
    const billing = { ...delivery, state: 'CA', postal_code: '92101' };
    const alone = checkoutRequestSchema.safeParse({ ...spec, billingAddress: billing });
    expect(alone.success).toBe(false);
    expect(alone.error?.issues[0]?.path).toEqual(['billingAddress']);
    const both = checkoutRequestSchema.safeParse({
      ...spec,
      deliveryAddress: delivery,
      billingAddress: billing,
    });
    expect(both.success).toBe(true);
  });
});
