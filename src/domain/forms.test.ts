import { describe, expect, it } from 'vitest';
import { checkoutAddressSchema, contactSchema, newsletterSchema } from './forms.js';
import { MESSAGES } from './messages.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('checkout address (spec §5)', () => {
  const valid = {
    name: 'José Pérez',
    state: 'Nuevo León',
    city: 'Monterrey',
    line1: 'Main St 12',
    postal_code: '64000',
  };

  it('accepts letters with accents and spaces', () => {
    expect(checkoutAddressSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', 'Jo', MESSAGES.checkoutForm.name],
    ['name', 'R2D2 Robot', MESSAGES.checkoutForm.name],
    ['state', 'N', MESSAGES.checkoutForm.state],
    ['city', 'x'.repeat(41), MESSAGES.checkoutForm.city],
    ['line1', 'a;b', MESSAGES.checkoutForm.line1],
    ['postal_code', '12345678901234567', MESSAGES.checkoutForm.postalCode],
  ])('refuses %s=%s with the spec message', (field, value, message) => {
    expect(firstMessage(checkoutAddressSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
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
