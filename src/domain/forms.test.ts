import { describe, expect, it } from 'vitest';
import { checkoutAddressSchema, contactSchema, deliveryAddressSchema, newsletterSchema } from './forms.js';
import { US_STATES, usStateCode } from './us-states.js';
import { MESSAGES } from './messages.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('checkout address (spec §5, with real names and lines: the card’s billing address)', () => {
  const valid = {
    name: 'José Pérez',
    state: 'California',
    city: 'San Diego',
    line1: 'Main St 12',
    postal_code: '92101',
  };

  it('accepts letters with accents and spaces', () => {
    expect(checkoutAddressSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', "Sam O'Brien"],
    ['name', 'Mary-Jane Watson Jr.'],
    ['name', 'Zoë D’Angelo'],
    ['city', 'Winston-Salem'],
    ['city', 'St. Louis'],
    ['city', "Coeur d'Alene"],
    ['name', 'Ana\u00a0Lima'],
    ['state', 'Ontario'],
    ['line1', '1600 Pennsylvania Ave'],
    ['line1', '1600 Pennsylvania Ave. NW, #2'],
    ['line1', '12 1/2 Oak St'],
    ['line1', 'x'.repeat(100)],
    ['postal_code', 'M5V 3L9'],
  ])('accepts %s=%s as real people and addresses hold it', (field, value) => {
    expect(checkoutAddressSchema.safeParse({ ...valid, [field]: value }).error?.issues).toBeUndefined();
  });

  it.each([
    ['name', 'Jo', MESSAGES.checkoutForm.name],
    ['name', 'R2D2 Robot', MESSAGES.checkoutForm.name],
    ['name', "'--.", MESSAGES.checkoutForm.name],
    ['name', '', MESSAGES.checkoutForm.name],
    ['state', 'N', MESSAGES.checkoutForm.state],
    ['state', 'Texas 1', MESSAGES.checkoutForm.state],
    ['city', 'x'.repeat(41), MESSAGES.checkoutForm.city],
    ['city', 'Area 51', MESSAGES.checkoutForm.city],
    ['line1', 'a;b', MESSAGES.checkoutForm.line1],
    ['line1', '#.,-/', MESSAGES.checkoutForm.line1],
    ['line1', '<script>alert(1)</script>', MESSAGES.checkoutForm.line1],
    ['line1', 'x'.repeat(101), MESSAGES.checkoutForm.line1],
    ['line1', '', MESSAGES.checkoutForm.line1],
    ['postal_code', '12345678901234567', MESSAGES.checkoutForm.postalCode],
    ['postal_code', '', MESSAGES.checkoutForm.postalCode],
  ])('refuses %s=%s with its message', (field, value, message) => {
    expect(firstMessage(checkoutAddressSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });
});

describe('delivery address', () => {
  const valid = {
    name: 'Sam O’Brien',
    state: 'NC',
    city: 'Winston-Salem',
    line1: '100 Main St',
    postal_code: '27101',
  };

  it('takes an optional second line and phone, leaving blank ones out', () => {
    expect(deliveryAddressSchema.parse({ ...valid, line2: '  ', phone: '' })).toEqual(valid);
    expect(deliveryAddressSchema.parse({ ...valid, line2: 'Apt. 4B', phone: '+1 (336) 555-0134' })).toEqual({
      ...valid,
      line2: 'Apt. 4B',
      phone: '+1 (336) 555-0134',
    });
  });

  it.each([
    ['state', 'NC'],
    ['state', 'north carolina'],
    ['state', 'D.C.'],
    ['state', 'Washington, D.C.'],
    ['state', "Hawai'i"],
    ['state', 'Hawaiʻi'],
    ['state', 'US Virgin Islands'],
    ['state', 'AE'],
    ['postal_code', '92101-1234'],
    ['postal_code', '921011234'],
  ])('takes %s=%s', (field, value) => {
    expect(deliveryAddressSchema.safeParse({ ...valid, [field]: value }).error?.issues).toBeUndefined();
  });

  it.each([
    ['state', 'Narnia', MESSAGES.checkoutForm.usState],
    ['state', 'Nuevo León', MESSAGES.checkoutForm.usState],
    ['state', 'Texas 1', MESSAGES.checkoutForm.state],
    ['postal_code', '9210', MESSAGES.checkoutForm.zip],
    ['postal_code', '92101-12', MESSAGES.checkoutForm.zip],
    ['postal_code', 'SW1A 1AA', MESSAGES.checkoutForm.zip],
    ['postal_code', '', MESSAGES.checkoutForm.postalCode],
    ['line2', '!!!', MESSAGES.checkoutForm.line2],
    ['line2', 'x'.repeat(101), MESSAGES.checkoutForm.line2],
    ['phone', '555-0134', MESSAGES.checkoutForm.phone],
    ['phone', '+44 20 7946 0958', MESSAGES.checkoutForm.phone],
    ['phone', 'call me maybe', MESSAGES.checkoutForm.phone],
    ['phone', '000 000 0000', MESSAGES.checkoutForm.phone],
    ['phone', '619\n555\n0134', MESSAGES.checkoutForm.phone],
    ['name', 'x'.repeat(100_000), MESSAGES.checkoutForm.name],
  ])('refuses %s=%s with its message', (field, value, message) => {
    expect(firstMessage(deliveryAddressSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });
});

describe('US states', () => {
  it('are found by name or code, in any case, and nothing else is', () => {
    expect(usStateCode('California')).toBe('CA');
    expect(usStateCode('ca')).toBe('CA');
    expect(usStateCode('n.c.')).toBe('NC');
    expect(usStateCode('Washington DC')).toBe('DC');
    expect(usStateCode('Washington')).toBe('WA');
    expect(Object.keys(US_STATES)).toHaveLength(62);
    expect(usStateCode('Ontario')).toBeUndefined();
    expect(usStateCode('C')).toBeUndefined();
  });
});

describe('newsletter and contact', () => {
  it('needs a real-looking email', () => {
    expect(newsletterSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(firstMessage(newsletterSchema.safeParse({ email: 'nope' }))).toBe('Use a valid email');
    expect(firstMessage(newsletterSchema.safeParse({ email: 'a@' }))).toBe('Use a valid email');
  });

  it('needs a message of 20-500 characters', () => {
    const valid = { name: 'Ana', email: 'ana@example.com', message: 'x'.repeat(20) };
    expect(contactSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(contactSchema.safeParse({ ...valid, message: 'too short' }))).toBe(
      MESSAGES.contact.message,
    );
    expect(firstMessage(contactSchema.safeParse({ ...valid, message: 'x'.repeat(501) }))).toBe(
      MESSAGES.contact.message,
    );
    expect(firstMessage(contactSchema.safeParse({ ...valid, email: 'ana' }))).toBe(MESSAGES.contact.email);
  });
});
