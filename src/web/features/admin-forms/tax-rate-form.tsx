import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NOTICE_MS } from '../../../domain/constants';
import {
  percentOf,
  taxRateFormSchema,
  type TaxRateAnswer,
  type TaxRateForm,
} from '../../../domain/contracts/shipping-and-tax';
import { US_STATES } from '../../../domain/us-states';
import { FormAlert } from '../../components/forms/form-alert';
import { applyServerError } from '../../components/forms/server-error';
import { taxRatePercent } from '../../lib/delivery-display';
import { toast } from '../../lib/toast';
import { AdminForm } from './admin-form';
import { useSetTaxRate } from './api/tax-rates';
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
  const [formError, setFormError] = useState<string>();
  const form = useForm<TaxRateForm>({
    resolver: zodResolver(taxRateFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(rate),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync(values);
      toast.success(`${saved.name}: ${taxRatePercent(saved.rateMilliPercent)}`, {
        duration: NOTICE_MS.admin,
      });
      form.reset(valuesOf(undefined));
      onDone();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, { fields: ['rate', 'state'] }));
    }
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
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...form.register('taxShipping')} className="size-4 accent-ink" />
        Tax shipping
      </label>
      {formError && <FormAlert tone="error">{formError}</FormAlert>}
    </AdminForm>
  );
}
