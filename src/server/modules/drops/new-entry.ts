import type { User } from '../../../domain/account.js';
import { addressKey, type DropEntryForm } from '../../../domain/drops.js';
import { MESSAGES } from '../../../domain/messages.js';
import { HttpError } from '../../http/errors.js';
import { PaymentError, type PaymentProvider } from '../../payments/payment-provider.js';
import type { NewEntry } from './entries-repository.js';

/** What writing an entry needs of the rest of the shop. */
export interface NewEntryDeps {
  payments: Pick<PaymentProvider, 'saveCard'>;
  /** Whether the shop ships by this method now (an active one of the staff's shipping methods). */
  offersShipping: (methodId: string) => Promise<boolean>;
}

/**
 * A draw's entry or a first-come purchase as its row is written: the shipping method chosen checked
 * to be offered, then the card saved (outside any transaction; a refused card answers the provider's
 * status and message), its fingerprint and the address's key being what makes one per person.
 */
export async function newEntryOf(
  { payments, offersShipping }: NewEntryDeps,
  user: User,
  dropId: string,
  form: DropEntryForm,
): Promise<NewEntry> {
  if (form.shippingMethod !== undefined && !(await offersShipping(form.shippingMethod))) {
    const message = MESSAGES.drops.shippingNotOffered;
    throw new HttpError(400, 'validation', message, { shippingMethod: message });
  }
  let card;
  try {
    card = await payments.saveCard(user._id, form.paymentMethodId);
  } catch (error) {
    if (error instanceof PaymentError) throw new HttpError(error.status, error.code, error.message);
    throw error;
  }
  return {
    dropId,
    userId: user._id,
    email: user.email.toLowerCase(),
    size: form.size,
    deliveryAddress: { ...form.deliveryAddress } as Record<string, string>,
    addressKey: addressKey(form.deliveryAddress),
    shippingMethod: form.shippingMethod ?? null,
    paymentMethodId: form.paymentMethodId,
    cardFingerprint: card.fingerprint,
    cardLast4: card.last4,
  };
}
