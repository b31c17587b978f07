import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '../../../domain/contracts/addresses';
import { NOTICE_MS } from '../../../domain/constants';
import { deliveryAddressSchema } from '../../../domain/forms';
import type { Order } from '../../../domain/payment';
import { errorMessage } from '../../api/http';
import {
  addressFieldsOf,
  saveAddress,
  savedAddressesKey,
  useSavedAddresses,
} from '../../api/saved-addresses';
import { useSession } from '../../api/use-session';
import { toast } from '../../lib/toast';
import type { PaymentFormInput, PaymentFormValues } from '../../components/payment/card-input';

const FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'postal_code', 'phone'] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

/** What "A new address" stands for in the picker. */
export const NEW_ADDRESS = 'new';

const same = (typed: Fields, saved: Fields) =>
  FIELDS.every((field) => (typed[field] ?? '').trim() === saved[field].trim());

type PaymentForm = Pick<
  UseFormReturn<PaymentFormInput, unknown, PaymentFormValues>,
  'control' | 'setValue' | 'clearErrors' | 'getValues'
>;

/**
 * A signed-in shopper's saved addresses at checkout (issue 31 item 4). Picking one fills the
 * delivery fields; which one is picked is read from the fields themselves, so an address edited
 * after it was picked is "A new address" again, which the shopper may save to their account once
 * paid. The default fills an empty form once (never over what a visitor typed before signing in).
 */
export function useSavedAddressChoice(form: PaymentForm) {
  const { control, setValue, clearErrors, getValues } = form;
  const queryClient = useQueryClient();
  const signedIn = Boolean(useSession().data);
  const saved = useSavedAddresses(signedIn);
  const addresses: SavedAddress[] = signedIn ? (saved.data ?? []) : [];
  const [saveNew, setSaveNew] = useState(false);

  const typed = useWatch({ control, name: [...FIELDS] });
  const typedFields = Object.fromEntries(FIELDS.map((field, n) => [field, typed[n] ?? ''])) as Fields;
  const chosen = addresses.find((address) => same(typedFields, addressFieldsOf(address)));

  function choose(id: string): void {
    const address = addresses.find((candidate) => candidate._id === id);
    const values = address ? addressFieldsOf(address) : undefined;
    for (const field of FIELDS) {
      setValue(field, values?.[field] ?? '', { shouldDirty: true, shouldValidate: Boolean(values) });
    }
    // A new address starts blank and quiet: its messages come once the shopper has typed.
    if (!values) clearErrors([...FIELDS]);
  }

  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !saved.data) return;
    preselected.current = true;
    const blank = FIELDS.every((field) => !String(getValues(field) ?? '').trim());
    const fallback = saved.data.find((address) => address.isDefault);
    if (blank && fallback) choose(fallback._id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the addresses first arrive
  }, [saved.data]);

  const offerToSave = signedIn && saved.isSuccess && !chosen && addresses.length < MAX_SAVED_ADDRESSES;

  /** Once paid: the new address goes to the account when the shopper asked (never blocks the order). */
  function afterPaid(order: Order): void {
    if (!offerToSave || !saveNew || !order.deliveryAddress) return;
    const address = deliveryAddressSchema.safeParse(order.deliveryAddress);
    if (!address.success) return;
    setSaveNew(false);
    saveAddress(address.data)
      .then(({ message }) => toast.success(message, { id: 'address-saved', duration: NOTICE_MS.success }))
      .catch((error: unknown) => toast.error(errorMessage(error), { duration: NOTICE_MS.error }))
      .finally(() => void queryClient.invalidateQueries({ queryKey: savedAddressesKey }));
  }

  return {
    picker: { addresses, chosen: chosen?._id ?? NEW_ADDRESS, choose },
    box: { shown: offerToSave, checked: saveNew, onChange: setSaveNew },
    afterPaid,
  };
}
