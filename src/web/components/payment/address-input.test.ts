import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { billingAddressOf, checkoutAddresses, EMPTY_BILLING } from './address-input';
import { stripeBillingDetails, stripePaymentFormSchema } from './card-mode';

const delivery = {
  name: "Sam O'Brien",
  line1: '1600 Pennsylvania Ave. NW',
  line2: 'Apt 4B',
  city: 'Winston-Salem',
  state: 'NC',
  postal_code: '27101',
  phone: '(336) 555-0134',
};
const billing = {
  name: 'Ana Lima',
  line1: 'Main St 12',
  city: 'San Diego',
  state: 'California',
  postal_code: '92101',
};
// The Stripe form: the same addresses as the test processor's, without our card inputs.
const noCard = { cardNumber: '', expiry: '', cvc: '' };

/** Each field's first message, as the form shows it. */
function firstMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const parse = (values: object) => stripePaymentFormSchema.safeParse({ ...delivery, ...noCard, ...values });

describe('the payment form addresses', () => {
  it('read the form as the delivery address, billed there while the box is ticked', () => {
    const values = parse({ sameBilling: true, billing: EMPTY_BILLING }).data!;
    expect(checkoutAddresses(values)).toEqual({ deliveryAddress: delivery });
    expect(billingAddressOf(values)).toEqual({
      name: "Sam O'Brien",
      line1: '1600 Pennsylvania Ave. NW',
      city: 'Winston-Salem',
      state: 'NC',
      postal_code: '27101',
    });
  });

  it('send the billing address typed when the box is unticked, and bill the card there', () => {
    const values = parse({ sameBilling: false, billing: { ...billing, name: ' Ana Lima ' } }).data!;
    expect(checkoutAddresses(values)).toEqual({ deliveryAddress: delivery, billingAddress: billing });
    expect(stripeBillingDetails(billingAddressOf(values))).toEqual({
      name: 'Ana Lima',
      address: { line1: 'Main St 12', city: 'San Diego', state: 'California', postal_code: '92101' },
    });
  });

  it('leave out an empty line 2 and phone', () => {
    const values = parse({ line2: ' ', phone: '', sameBilling: true, billing: EMPTY_BILLING }).data!;
    expect(checkoutAddresses(values).deliveryAddress).toEqual({
      ...delivery,
      line2: undefined,
      phone: undefined,
    });
  });

  it('check the billing form only when it is used, with the spec messages under its own fields', () => {
    const typed = { ...billing, city: 'X1', postal_code: '9#1' };
    expect(parse({ sameBilling: true, billing: typed }).success).toBe(true);
    const refused = parse({ sameBilling: false, billing: typed });
    expect(firstMessages(refused.error!.issues)).toEqual({
      'billing.city': MESSAGES.checkoutForm.city,
      'billing.postal_code': MESSAGES.checkoutForm.postalCode,
    });
  });

  it('check the delivery fields with the delivery schema: line 2 and phone too', () => {
    const refused = parse({ line2: '<b>', phone: '555', sameBilling: true, billing: EMPTY_BILLING });
    expect(firstMessages(refused.error!.issues)).toEqual({
      line2: MESSAGES.checkoutForm.line2,
      phone: MESSAGES.checkoutForm.phone,
    });
  });
});
