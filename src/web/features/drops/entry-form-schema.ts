import { z } from 'zod';
import { dropEntryFormSchema } from '../../../domain/drops';
import { EMPTY_PAYMENT_FORM, paymentFormSchema } from '../../components/payment/card-input';
import { stripePaymentFormSchema } from '../../components/payment/card-mode';

/**
 * The entry form: the size as the server's schema takes it (dropEntryFormSchema), and the card with
 * its delivery address as the cart's payment form takes them (the same fields, the same checks);
 * the card becomes the entry's `paymentMethodId` as the checkout's does.
 */
const sizeSchema = z.object({ size: dropEntryFormSchema.shape.size });
export const entryFormSchema = sizeSchema.and(paymentFormSchema);
/** With Stripe's card field the card is typed into Stripe's frame: the addresses are checked here. */
export const stripeEntryFormSchema = sizeSchema.and(stripePaymentFormSchema);

export type EntryFormInput = z.input<typeof entryFormSchema>;
export type EntryFormValues = z.output<typeof entryFormSchema>;

export const EMPTY_ENTRY: EntryFormInput = { ...EMPTY_PAYMENT_FORM, size: '' };
