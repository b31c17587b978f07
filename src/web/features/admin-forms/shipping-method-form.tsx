import { Truck } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import {
  shippingMethodFormSchema,
  type ShippingMethodAnswer,
  type ShippingMethodForm,
} from '../../../domain/contracts/shipping-and-tax';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';
import { AdminForm } from './admin-form';
import { useSaveShippingMethod } from './api/shipping-methods';
import { CheckboxField } from './checkbox-field';
import { TextField } from './text-field';

const dollars = (cents: number) => String(cents / 100);

/** The form's values for a method being edited, as the form types them (dollars, days). */
function valuesOf(method: ShippingMethodAnswer | undefined): ShippingMethodForm {
  return {
    name: method?.name ?? '',
    price: method ? dollars(method.priceCents) : '',
    freeAbove: method?.freeAboveCents == null ? '' : dollars(method.freeAboveCents),
    minDays: method ? String(method.minDays) : '',
    maxDays: method ? String(method.maxDays) : '',
    active: method?.active ?? true,
  };
}

/**
 * A shipping method's terms (issue 31 item 5): its name, price, the subtotal above which it is free,
 * the delivery estimate in business days, and whether shoppers are offered it. The same schema checks
 * it here and on the server; a name already taken (409 conflict) lands on the name.
 */
export function ShippingMethodFormFields({
  method,
  onDone,
}: {
  method?: ShippingMethodAnswer;
  /** After saving. */
  onDone: () => void;
}) {
  const save = useSaveShippingMethod(method?._id);
  const form = useSchemaForm(shippingMethodFormSchema, {
    defaultValues: valuesOf(method),
    codes: { conflict: 'name' },
  });

  const onSubmit = form.submit(async (values) => {
    const saved = await save.mutateAsync(values);
    toast.success(`${saved.name} ${method ? 'saved' : 'added'}`, { duration: NOTICE_MS.admin });
    form.reset(valuesOf(undefined));
    onDone();
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: method ? 'Save method' : 'Add method', busyLabel: 'Saving...', icon: Truck }}
    >
      <TextField
        name="name"
        label="Name"
        maxLength={40}
        hint="What shoppers see in the cart, e.g. Express."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="price" label="Price" prefix="$" inputMode="decimal" hint="0 is free shipping." />
        <TextField
          name="freeAbove"
          label="Free above (optional)"
          prefix="$"
          inputMode="decimal"
          hint="Free when the pairs, after any code, cost at least this."
        />
        <TextField name="minDays" label="Soonest (business days)" inputMode="numeric" />
        <TextField name="maxDays" label="Latest (business days)" inputMode="numeric" />
      </div>
      <CheckboxField name="active" label="Offered to shoppers" />
    </AdminForm>
  );
}
