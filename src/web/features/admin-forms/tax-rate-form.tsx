import { Landmark } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import {
  percentOf,
  taxRateFormSchema,
  type TaxRateAnswer,
  type TaxRateForm,
} from '../../../domain/contracts/shipping-and-tax';
import { US_STATES } from '../../../domain/us-states';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { taxRatePercent } from '../../lib/delivery-display';
import { toast } from '../../lib/toast';
import { AdminForm } from './admin-form';
import { useSetTaxRate } from './api/tax-rates';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const STATES = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b, 'en'));

function valuesOf(rate: TaxRateAnswer | undefined): TaxRateForm {
  return {
    state: rate?.state ?? '',
    rate: rate ? percentOf(rate.rateMilliPercent) : '',
    taxShipping: rate?.taxShipping ?? false,
  };
}

/**
 * A state's sales tax (issue 31 item 6): the state, its rate as a percentage (up to 3 decimals, such
 * as 8.875) and whether shipping is taxed there. Saving a state that has a rate replaces it.
 */
export function TaxRateFormFields({ rate, onDone }: { rate?: TaxRateAnswer; onDone: () => void }) {
  const save = useSetTaxRate();
  const form = useSchemaForm(taxRateFormSchema, { defaultValues: valuesOf(rate) });

  const onSubmit = form.submit(async (values) => {
    const saved = await save.mutateAsync(values);
    toast.success(`${saved.name}: ${taxRatePercent(saved.rateMilliPercent)}`, {
      duration: NOTICE_MS.admin,
    });
    form.reset(valuesOf(undefined));
    onDone();
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: rate ? 'Save rate' : 'Add rate', busyLabel: 'Saving...', icon: Landmark }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="state" label="State">
          <option value="">Choose a state</option>
          {STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name} ({code})
            </option>
          ))}
        </SelectField>
        <TextField name="rate" label="Rate (%)" inputMode="decimal" hint="Up to 25, such as 7.25 or 8.875." />
      </div>
      <CheckboxField name="taxShipping" label="Tax shipping" />
    </AdminForm>
  );
}
