import { z } from 'zod';
import { DROP_MODES } from './drop-phase.js';
import { deliveryAddressSchema } from './forms.js';
import { MESSAGES } from './messages.js';
import { usStateCode } from './us-states.js';

/**
 * Drops (issue 36, docs/decisions/032): a limited release of one shoe, scheduled by staff, sold by a
 * draw (entries for a window, winners drawn at the close) or first come through a waiting room. The
 * rules both sides share: the staff's form, the shopper's entry, the phase a drop is in at a time,
 * and the key that makes two spellings of one delivery address the same address.
 */
/** What became of an entry: waiting for the draw, won (charged, an order), card declined, not drawn. */
export const ENTRY_OUTCOMES = ['entered', 'won', 'declined', 'lost'] as const;
export type EntryOutcome = (typeof ENTRY_OUTCOMES)[number];

/** Why staff should look at an entry: another shopper tried to enter with its card or its address. */
export const ENTRY_FLAGS = ['card', 'address'] as const;
export type EntryFlag = (typeof ENTRY_FLAGS)[number];

export const DROP_LIMITS = {
  /** Pairs of one size in one drop. */
  pairs: { min: 1, max: 10_000 },
  /** An entry window or a sale, in minutes: at least a minute, at most 30 days. */
  minutes: { min: 1, max: 30 * 24 * 60 },
  /** How far ahead a drop may be scheduled, in days. */
  aheadDays: 366,
  /** Shoppers let in from the waiting room each minute. */
  admitPerMinute: { min: 1, max: 10_000 },
  /** Minutes a shopper let in has to pay. */
  minutesToPay: { min: 1, max: 30 },
  /** A form sent a moment after the time it names is still on time. */
  pastToleranceMs: 5 * 60_000,
} as const;

const M = MESSAGES.drops;

/** A whole number from a form's text or a JSON number. */
const wholeNumber = (range: { min: number; max: number }, message: string) =>
  z.coerce.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

/** A moment as the form's `datetime-local` gives it (the browser's zone is sent with it) or ISO 8601. */
const moment = z
  .string({ error: M.time })
  .max(40, M.time)
  .refine((text) => !Number.isNaN(Date.parse(text)), M.time)
  .transform((text) => new Date(text).toISOString());

/** The staff's form: a shoe, a mode, the window, pairs per size, and the waiting room's pace. */
export const dropFormSchema = z
  .object({
    shoeId: z.string({ error: M.shoe }).uuid(M.shoe),
    mode: z.enum(DROP_MODES, { error: M.mode }),
    opensAt: moment,
    closesAt: moment,
    sizes: z
      .array(
        z.object({
          size: z.string({ error: M.size }).trim().min(1, M.size).max(10, M.size),
          pairs: wholeNumber(DROP_LIMITS.pairs, M.pairs),
        }),
        { error: M.sizes },
      )
      .min(1, M.sizes)
      .max(40, M.sizes)
      .refine((sizes) => new Set(sizes.map((row) => row.size)).size === sizes.length, M.sizesTwice),
    admitPerMinute: wholeNumber(DROP_LIMITS.admitPerMinute, M.admitPerMinute).default(60),
    minutesToPay: wholeNumber(DROP_LIMITS.minutesToPay, M.minutesToPay).default(5),
  })
  .refine((form) => Date.parse(form.closesAt) > Date.parse(form.opensAt), {
    message: M.window,
    path: ['closesAt'],
  })
  .refine(
    (form) => Date.parse(form.closesAt) - Date.parse(form.opensAt) <= DROP_LIMITS.minutes.max * 60_000,
    { message: M.window, path: ['closesAt'] },
  );
export type DropFormInput = z.input<typeof dropFormSchema>;
export type DropForm = z.output<typeof dropFormSchema>;

/** A shopper's entry to a draw: the size, where the pair goes, and a card saved for the draw. */
export const dropEntryFormSchema = z.object({
  size: z.string({ error: M.size }).trim().min(1, M.size).max(10, M.size),
  /** The card, made into a payment method by the payment form (`pm_...`); charged only if it wins. */
  paymentMethodId: z.string({ error: M.card }).min(3, M.card).max(2000, M.card),
  deliveryAddress: deliveryAddressSchema,
  /** The shipping method's id; absent, the default. */
  shippingMethod: z.string().max(100).optional(),
});
export type DropEntryFormInput = z.input<typeof dropEntryFormSchema>;
export type DropEntryForm = z.output<typeof dropEntryFormSchema>;

/**
 * One key per place a pair can go, however it is typed: case, spaces, punctuation and the usual
 * abbreviations do not make a second address ("12 Main St., Apt 4" and "12 main street apt. 4").
 * The name is left out: one address is one pair, whoever it is addressed to.
 */
export function addressKey(address: {
  line1: string;
  line2?: string | undefined;
  city: string;
  state: string;
  postal_code: string;
}): string {
  const words = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((word) => ABBREVIATIONS[word] ?? word)
      .filter(Boolean)
      .join(' ');
  const zip = address.postal_code.replace(/\D/g, '').slice(0, 5);
  return [
    words(address.line1),
    words(address.line2 ?? ''),
    words(address.city),
    usStateCode(address.state) ?? words(address.state),
    zip,
  ].join('|');
}

/** USPS's common suffixes and unit words, written one way. */
const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  highway: 'hwy',
  parkway: 'pkwy',
  square: 'sq',
  apartment: 'apt',
  suite: 'ste',
  unit: 'unit',
  number: '',
  no: '',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};
