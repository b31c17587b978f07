import { MESSAGES } from '../../../domain/messages';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  isExpired,
  normalizeCardNumber,
  passesLuhn,
  type PaymentMethodRequest,
} from '../../../domain/payment';
import { addressFieldOf, billingAddressOf, EMPTY_BILLING, withBillingAddress } from './address-input';

const MAX_CARD_DIGITS = 19;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** American Express numbers (34, 37) group 4-6-5; every other card groups by four. */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** `4242424242424242` -> `4242 4242 4242 4242`, as the shopper types. */
export function formatCardNumber(raw: string): string {
  const digits = digitsOf(raw);
  if (isAmex(digits)) {
    const amex = digits.slice(0, 15);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(' ');
  }
  return (digits.slice(0, MAX_CARD_DIGITS).match(/\d{1,4}/g) ?? []).join(' ');
}

/**
 * `1228` -> `12/28`. A first digit above 1 can only be a month on its own (`4` -> `04`).
 * No slash is added until the year starts, so Backspace never gets stuck on it.
 */
export function formatExpiry(raw: string): string {
  let digits = digitsOf(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(raw: string): string {
  return digitsOf(raw).slice(0, 4);
}

/** `MM/YY` -> month and four-digit year, or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits
 * it followed before, so typing or deleting in the middle does not throw it to the end.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!)) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

export const countDigits = (text: string): number => digitsOf(text).length;

/**
 * The payment form: the delivery address (the spec's address rules, docs/decisions/019), the
 * billing address when it differs, and client-side hints for the card with the processor's own
 * messages. The server checks all of it again.
 */
export const paymentFormSchema = withBillingAddress({
  cardNumber: z.string().refine((value) => {
    const digits = normalizeCardNumber(value);
    return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
  }, MESSAGES.payment.cardNumber),
  expiry: z.string().refine((value) => {
    const date = parseExpiry(value);
    return date !== null && !isExpired(date.month, date.year);
  }, MESSAGES.payment.expiry),
  cvc: z.string().regex(/^\d{3,4}$/, MESSAGES.payment.cvc),
});
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormValues = z.output<typeof paymentFormSchema>;

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/** A payment form with nothing typed: its billing address the delivery address. */
export const EMPTY_PAYMENT_FORM: PaymentFormInput = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  sameBilling: true,
  billing: EMPTY_BILLING,
};

/** The body of `POST /api/payments/methods` for validated form values: the card and its billing address. */
export function paymentMethodRequest(values: PaymentFormValues): PaymentMethodRequest {
  const expiry = parseExpiry(values.expiry);
  return {
    card: {
      number: normalizeCardNumber(values.cardNumber),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: values.cvc,
    },
    billing_details: billingAddressOf(values),
  };
}

/**
 * Which form field a server validation path (`card.number`, `billing_details.city`,
 * `deliveryAddress.line2`) is about; the billing paths are the delivery fields' when the billing
 * address is the same.
 */
export function formFieldOf(path: string, sameBilling = true): FieldPath<PaymentFormInput> | undefined {
  switch (path.split('.').at(-1)) {
    case 'number':
      return 'cardNumber';
    case 'exp_month':
    case 'exp_year':
      return 'expiry';
    case 'cvc':
      return 'cvc';
    default:
      return addressFieldOf(path, sameBilling);
  }
}
