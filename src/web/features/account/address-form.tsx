import type { LucideIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { Path } from 'react-hook-form';
import { NOTICE_MS } from '../../../domain/constants';
import {
  deliveryAddressSchema,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '../../../domain/forms';
import { US_STATES } from '../../../domain/us-states';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { SubmitButton } from '../../components/forms/submit-button';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';

interface AddressInput {
  name: Path<DeliveryAddressInput>;
  label: string;
  autoComplete: string;
  wide?: boolean;
  type?: 'text' | 'tel';
  optional?: boolean;
}

/** The cart's delivery address fields, with its labels (components/payment/address-fields.tsx). */
const INPUTS: AddressInput[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name', wide: true },
  { name: 'line1', label: 'Line 1', autoComplete: 'shipping address-line1', wide: true },
  {
    name: 'line2',
    label: 'Line 2 (apartment, suite, unit)',
    autoComplete: 'shipping address-line2',
    wide: true,
    optional: true,
  },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2', wide: true },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'shipping postal-code' },
  {
    name: 'phone',
    label: 'Phone (for the carrier)',
    autoComplete: 'shipping tel',
    wide: true,
    type: 'tel',
    optional: true,
  },
];

export const EMPTY_ADDRESS: DeliveryAddressInput = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
};

interface AddressFormProps {
  /** What the form starts from: empty to add, the address's fields to edit. */
  initial: DeliveryAddressInput;
  /** What the form and its button say ("Add this address", "Save changes"). */
  label: string;
  icon: LucideIcon;
  /** Sends the address; resolves with the message to show. */
  send: (address: DeliveryAddress) => Promise<string>;
  onDone: () => void;
}

/**
 * Adding or editing a saved address: the cart's delivery address fields, checked with the same
 * schema as the cart and the server (deliveryAddressSchema), the server's refusals on their field.
 */
export function AddressForm({ initial, label, icon, send, onDone }: AddressFormProps) {
  const statesId = useId();
  const { field, busy, formError, submit, setFocus } = useSchemaForm(deliveryAddressSchema, {
    defaultValues: initial,
  });
  // Opened in place of a button or a card: the focus starts where the typing does.
  useEffect(() => setFocus('name'), [setFocus]);
  const onSubmit = submit(async (address) => {
    toast.success(await send(address), { duration: NOTICE_MS.success });
    onDone();
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {INPUTS.map(({ name, label: fieldLabel, autoComplete, wide, type = 'text', optional }) => (
          <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
            <InputField
              label={fieldLabel}
              hint={optional ? 'Optional' : undefined}
              type={type}
              autoComplete={autoComplete}
              list={name === 'state' ? statesId : undefined}
              {...field(name)}
            />
          </div>
        ))}
      </div>
      <datalist id={statesId}>
        {Object.entries(US_STATES).map(([code, name]) => (
          <option key={code} value={name} label={code} />
        ))}
      </datalist>
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton
          label={label}
          busyLabel="Saving..."
          icon={icon}
          busy={busy}
          className="w-full sm:w-auto"
        />
        <button type="button" onClick={onDone} className={`${secondaryButtonClass} w-full sm:w-auto`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
