import type { User } from '../../../domain/account.js';
import { addressKey, type DropEntryForm } from '../../../domain/drops.js';
import { HttpError } from '../../http/errors.js';
import { PaymentError, type PaymentProvider } from '../../payments/payment-provider.js';
import type { NewEntry } from './entries-repository.js';

/**
 * A draw's entry or a first-come purchase as its row is written: the card saved first (outside any
 * transaction; a refused card answers the provider's status and message), its fingerprint and the
 * address's key being what makes one per person.
 */
export async function newEntryOf(
  payments: Pick<PaymentProvider, 'saveCard'>,
  user: User,
  dropId: string,
  form: DropEntryForm,
): Promise<NewEntry> {
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
