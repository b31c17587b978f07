import { z } from 'zod';
import { EMPTY_BILLING } from '../../components/payment/address-input';
import type { PaymentFormInput } from '../../components/payment/card-input';

/**
 * The addresses a visitor typed on /cart, kept while they go to sign in (issue 31 item 2): paying
 * needs an account (spec §8), and coming back to an empty form would make them type it all again.
 * Kept in sessionStorage (this tab only, gone when it closes) and forgotten once they have paid.
 * Only the address fields are picked, by name: the card's number, expiry and CVC are never kept.
 */
export const ADDRESS_DRAFT_KEY = 'checkout-address';

const text = z.string().max(200).catch('');

const draftSchema = z.object({
  name: text,
  line1: text,
  line2: text,
  city: text,
  state: text,
  postal_code: text,
  phone: text,
  sameBilling: z.boolean().catch(true),
  billing: z
    .object({ name: text, line1: text, city: text, state: text, postal_code: text })
    .catch(EMPTY_BILLING),
});
export type AddressDraft = z.infer<typeof draftSchema>;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage; none where it cannot be used (no window, or storage turned off). */
function sessionStore(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The address fields of the form's values, and nothing else. */
export function addressDraftOf(values: PaymentFormInput): AddressDraft {
  const { billing } = values;
  return {
    name: values.name,
    line1: values.line1,
    line2: textOf(values.line2),
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    phone: textOf(values.phone),
    sameBilling: values.sameBilling,
    billing: {
      name: billing.name,
      line1: billing.line1,
      city: billing.city,
      state: billing.state,
      postal_code: billing.postal_code,
    },
  };
}

/** Keeps the addresses typed (never the card) for the trip to sign in. */
export function keepAddressDraft(values: PaymentFormInput, storage = sessionStore()): void {
  try {
    storage?.setItem(ADDRESS_DRAFT_KEY, JSON.stringify(addressDraftOf(values)));
  } catch {
    // Full or refused storage: the shopper types the address again, as before.
  }
}

/** The addresses kept, or null when there are none (or they cannot be read). */
export function restoreAddressDraft(storage = sessionStore()): AddressDraft | null {
  try {
    const stored = storage?.getItem(ADDRESS_DRAFT_KEY);
    if (!stored) return null;
    const draft = draftSchema.safeParse(JSON.parse(stored));
    return draft.success ? draft.data : null;
  } catch {
    return null;
  }
}

/** Forgets the addresses kept: they are on the order now. */
export function forgetAddressDraft(storage = sessionStore()): void {
  try {
    storage?.removeItem(ADDRESS_DRAFT_KEY);
  } catch {
    // Nothing kept that could be read back either.
  }
}
