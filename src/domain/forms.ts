import { z } from 'zod';
import { CONTACT_MESSAGE_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';
import { usStateCode } from './us-states.js';

/**
 * Form rules of spec §5. The same schemas validate the browser forms
 * (react-hook-form + zodResolver) and the server's request bodies.
 *
 * The address accepts what real names and US addresses hold (docs/decisions/019): apostrophes,
 * hyphens and periods in names and cities ("Sam O'Brien", "Winston-Salem", "St. Louis"; 3-40 long
 * as the spec says), lines of up to 100 characters with `.`, `,`, `#`, `/` ("1600 Pennsylvania
 * Ave. NW, #2"), the state by name or code, the ZIP as 5 digits or ZIP+4. A value that is really
 * invalid (digits in a name, a line of symbols, an empty field) gets the spec's message for its
 * field; one the spec would take but a US address cannot hold gets a message of its own.
 */
const NAME_LIKE = /^(?=.*\p{L}{2})[\p{L}\p{M}][\p{L}\p{M} '’.-]{2,39}$/u;
const STATE_LIKE = /^(?=.*\p{L})[\p{L}\p{M} .,'’]{2,40}$/u;
const ADDRESS_LINE = /^(?=.*[\p{L}\d])[\p{L}\p{M}\d .,#'’/&-]{3,100}$/u;
const ADDRESS_LINE_2 = /^(?=.*[\p{L}\d])[\p{L}\p{M}\d .,#'’/&-]{1,100}$/u;
const POSTAL_LIKE = /^[\p{L}\d_ -]{4,16}$/u;
const ZIP = /^\d{5}(?:-?\d{4})?$/;
/** A North American number: area code and exchange never start with 0 or 1. */
const PHONE_DIGITS = /^1?[2-9]\d{2}[2-9]\d{6}$/;
const PHONE_LIKE = /^[\d ()+.-]{10,20}$/;

const matching = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    // Autofill pastes no-break spaces; a value longer than any rule allows is not read further.
    .overwrite((value) => value.replace(/\u00a0/g, ' '))
    .trim()
    .max(200, message)
    .regex(pattern, message);

/**
 * The address of spec §5 with real names and lines: the card's billing address, in any country
 * (a card may be billed abroad and the pairs sent to the US).
 */
export const checkoutAddressSchema = z.object({
  name: matching(NAME_LIKE, MESSAGES.checkoutForm.name),
  state: matching(STATE_LIKE, MESSAGES.checkoutForm.state),
  city: matching(NAME_LIKE, MESSAGES.checkoutForm.city),
  line1: matching(ADDRESS_LINE, MESSAGES.checkoutForm.line1),
  postal_code: matching(POSTAL_LIKE, MESSAGES.checkoutForm.postalCode),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** Left empty (or blank) is left out. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/**
 * Where an order goes, in the United States: the spec's address with the state checked against the
 * real list and the ZIP as 5 digits or ZIP+4, and an optional second line and phone (issue 31).
 */
export const deliveryAddressSchema = checkoutAddressSchema.extend({
  state: checkoutAddressSchema.shape.state.refine(
    (value) => usStateCode(value) !== undefined,
    MESSAGES.checkoutForm.usState,
  ),
  postal_code: checkoutAddressSchema.shape.postal_code.regex(ZIP, MESSAGES.checkoutForm.zip),
  line2: optionalText(matching(ADDRESS_LINE_2, MESSAGES.checkoutForm.line2)),
  phone: optionalText(
    matching(PHONE_LIKE, MESSAGES.checkoutForm.phone).refine(
      (value) => PHONE_DIGITS.test(value.replace(/\D/g, '')),
      MESSAGES.checkoutForm.phone,
    ),
  ),
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/** The spec only asks for an '@'; we also want something on both sides of it. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = (message: string) =>
  z.string({ error: message }).trim().max(254, message).regex(EMAIL, message);

export const emailSchema = email(MESSAGES.newsletter.invalidEmail);

export const newsletterSchema = z.object({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterSchema>;

export const contactSchema = z.object({
  name: z
    .string({ error: MESSAGES.contact.name })
    .trim()
    .min(1, MESSAGES.contact.name)
    .max(80, MESSAGES.contact.name),
  email: email(MESSAGES.contact.email),
  message: z
    .string({ error: MESSAGES.contact.message })
    .trim()
    .min(CONTACT_MESSAGE_LENGTH.min, MESSAGES.contact.message)
    .max(CONTACT_MESSAGE_LENGTH.max, MESSAGES.contact.message),
});
export type ContactInput = z.infer<typeof contactSchema>;
