import { MESSAGES } from '../../../domain/messages';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  formFieldOf,
  parseExpiry,
  paymentFormSchema,
  paymentMethodRequest,
} from './card-input';
import { EMPTY_BILLING } from './address-input';

const address = {
  name: 'Ana Lima',
  state: 'California',
  city: 'San Diego',
  line1: 'Main St 12',
  postal_code: '92101',
};
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('card number', () => {
  it('groups digits by four as they are typed, dropping anything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
  });

  it('groups American Express 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});

describe('expiry', () => {
  it('adds the slash once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('12/28')).toBe('12/28');
    expect(formatExpiry('122899')).toBe('12/28');
  });

  it('reads a lone first digit above 1 as the month', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('428')).toBe('04/28');
  });

  it('parses MM/YY', () => {
    expect(parseExpiry('04/28')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('0428')).toBeNull();
  });
});

it('keeps three or four CVC digits', () => {
  expect(formatCvc('12a34 5')).toBe('1234');
});

describe('caretAfterDigits', () => {
  it('puts the caret after the same digits', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('12/28', 3)).toBe(4);
  });
});

describe('paymentFormSchema', () => {
  const valid = {
    ...address,
    cardNumber: '4242 4242 4242 4242',
    expiry: `12/${nextYear}`,
    cvc: '123',
    sameBilling: true,
    billing: EMPTY_BILLING,
  };

  it('accepts a test card with a future date', () => {
    expect(paymentFormSchema.safeParse(valid).success).toBe(true);
  });

  it("answers with the processor's messages", () => {
    const result = paymentFormSchema.safeParse({
      ...valid,
      cardNumber: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      cardNumber: MESSAGES.payment.cardNumber,
      expiry: MESSAGES.payment.expiry,
      cvc: MESSAGES.payment.cvc,
    });
  });

  it('builds the payment method request, billed to the delivery address', () => {
    expect(paymentMethodRequest(paymentFormSchema.parse(valid))).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2000 + Number(nextYear), cvc: '123' },
      billing_details: address,
    });
  });

  it('bills the card to the billing address when it is not the same', () => {
    const billing = {
      name: 'Bo Lima',
      line1: '1 Market St',
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
    };
    const values = paymentFormSchema.parse({ ...valid, line2: 'Apt 4', sameBilling: false, billing });
    expect(paymentMethodRequest(values).billing_details).toEqual(billing);
  });
});

it('maps server field paths to form fields', () => {
  expect(formFieldOf('card.number')).toBe('cardNumber');
  expect(formFieldOf('card.exp_year')).toBe('expiry');
  expect(formFieldOf('billing_details.postal_code')).toBe('postal_code');
  expect(formFieldOf('deliveryAddress.line2')).toBe('line2');
  expect(formFieldOf('amount')).toBeUndefined();
});

it("maps the card's billing paths to the billing form when it is not the delivery address", () => {
  expect(formFieldOf('billing_details.postal_code', false)).toBe('billing.postal_code');
  expect(formFieldOf('billingAddress.state', false)).toBe('billing.state');
  expect(formFieldOf('deliveryAddress.state', false)).toBe('state');
  expect(formFieldOf('billingAddress.phone', false)).toBeUndefined();
});
