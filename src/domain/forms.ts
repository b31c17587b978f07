import { z } from 'zod';
import { CONTACT_MESSAGE_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

/**
 * Form rules of spec §5. The same schemas validate the browser forms
 * (react-hook-form + zodResolver) and the server's request bodies.
 */
const LETTERS_AND_SPACES_3_40 = /^[\p{L} ]{3,40}$/u;
const ADDRESS_4_16 = /^[\p{L}\d_ -]{4,16}$/u;

const matching = (pattern: RegExp, message: string) =>
  z.string({ error: message }).trim().regex(pattern, message);

export const checkoutAddressSchema = z.object({
  name: matching(LETTERS_AND_SPACES_3_40, MESSAGES.checkoutForm.name),
  state: matching(LETTERS_AND_SPACES_3_40, MESSAGES.checkoutForm.state),
  city: matching(LETTERS_AND_SPACES_3_40, MESSAGES.checkoutForm.city),
  line1: matching(ADDRESS_4_16, MESSAGES.checkoutForm.line1),
  postal_code: matching(ADDRESS_4_16, MESSAGES.checkoutForm.postalCode),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

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
