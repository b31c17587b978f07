import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { EMPTY_ENTRY, entryFormSchema, stripeEntryFormSchema } from './entry-form-schema';

const filled = {
  ...EMPTY_ENTRY,
  size: '9.5',
  name: 'Ana Lima',
  line1: '12 Main St',
  city: 'San Diego',
  state: 'California',
  postal_code: '92101',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/49',
  cvc: '123',
};

describe('the entry form', () => {
  it('takes a size, the delivery address and a test card', () => {
    const values = entryFormSchema.parse(filled);
    expect(values.size).toBe('9.5');
    expect(values.billing).toBeNull();
    expect(values.line1).toBe('12 Main St');
  });

  it("asks for a size with the server's message", () => {
    const result = entryFormSchema.safeParse({ ...filled, size: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['size', MESSAGES.drops.size],
    ]);
  });

  it("checks the card as the cart does, and only the addresses beside Stripe's field", () => {
    const badCard = { ...filled, cardNumber: '4242 4242 4242 4241' };
    expect(entryFormSchema.safeParse(badCard).error?.issues[0]?.message).toBe(MESSAGES.payment.cardNumber);
    expect(stripeEntryFormSchema.safeParse({ ...badCard, cardNumber: '' }).success).toBe(true);
  });
});
