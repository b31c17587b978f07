import type { FieldErrors, FieldPath, UseFormRegister } from 'react-hook-form';
import { US_STATES } from '../../../domain/us-states';
import { InputField } from '../forms/input-field';
import type { PaymentFormInput } from './card-input';

type Field = FieldPath<PaymentFormInput>;

interface AddressInput {
  name: Field;
  label: string;
  autoComplete: string;
  /** Takes the row's whole width; the others go two by two from a small screen up. */
  wide?: boolean;
  type?: 'text' | 'tel';
  /** Offers the states as suggestions. */
  states?: boolean;
  optional?: boolean;
}

/** The order's delivery address (deliveryAddressSchema): the spec's fields, line 2 and a phone. */
const deliveryInputs = (nameLabel: string): AddressInput[] => [
  { name: 'name', label: nameLabel, autoComplete: 'shipping name', wide: true },
  { name: 'line1', label: 'Line 1', autoComplete: 'shipping address-line1', wide: true },
  {
    name: 'line2',
    label: 'Line 2 (apartment, suite, unit)',
    autoComplete: 'shipping address-line2',
    wide: true,
    optional: true,
  },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2', wide: true },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1', states: true },
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

/** The card's billing address when it is not the delivery address (checkoutAddressSchema). */
const BILLING_INPUTS: AddressInput[] = [
  { name: 'billing.name', label: 'Name on card', autoComplete: 'billing name', wide: true },
  { name: 'billing.line1', label: 'Line 1', autoComplete: 'billing address-line1', wide: true },
  { name: 'billing.city', label: 'City', autoComplete: 'billing address-level2', wide: true },
  { name: 'billing.state', label: 'State', autoComplete: 'billing address-level1', states: true },
  { name: 'billing.postal_code', label: 'Postal code', autoComplete: 'billing postal-code' },
];

interface AddressFieldsProps {
  idPrefix: string;
  register: UseFormRegister<PaymentFormInput>;
  errors: FieldErrors<PaymentFormInput>;
  /** The id of the states' <datalist> (StateSuggestions). */
  statesId: string;
}

function errorOf(errors: FieldErrors<PaymentFormInput>, name: Field): string | undefined {
  if (!name.startsWith('billing.')) return errors[name as keyof PaymentFormInput]?.message;
  return errors.billing?.[name.slice('billing.'.length) as keyof PaymentFormInput['billing']]?.message;
}

function AddressInputs({
  inputs,
  idPrefix,
  register,
  errors,
  statesId,
}: AddressFieldsProps & { inputs: AddressInput[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {inputs.map(({ name, label, autoComplete, wide, type = 'text', states, optional }) => (
        <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
          <InputField
            id={`${idPrefix}-${name.replace('.', '-')}`}
            label={label}
            error={errorOf(errors, name)}
            hint={optional ? 'Optional' : undefined}
            type={type}
            autoComplete={autoComplete}
            list={states ? statesId : undefined}
            {...register(name)}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * The delivery address's fields. Its name is the name on the card too while the billing address is
 * the same; once the shopper gives another billing address, it is the recipient's.
 */
export function DeliveryAddressFields({
  sameBilling,
  ...props
}: AddressFieldsProps & { sameBilling: boolean }) {
  return <AddressInputs inputs={deliveryInputs(sameBilling ? 'Name on card' : 'Full name')} {...props} />;
}

export function BillingAddressFields(props: AddressFieldsProps) {
  return <AddressInputs inputs={BILLING_INPUTS} {...props} />;
}

/**
 * The states (and DC and the territories) as suggestions for the State fields: a phone keyboard
 * user picks one; any way of writing it that the schema takes ("NC", "n.c.") can still be typed.
 */
export function StateSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {Object.entries(US_STATES).map(([code, name]) => (
        <option key={code} value={name} label={code} />
      ))}
    </datalist>
  );
}
