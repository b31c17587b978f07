import { BadgePercent } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NOTICE_MS } from '../../../domain/constants';
import type { DiscountCodeAnswer } from '../../../domain/contracts/discounts';
import { discountCodeFormSchema, type DiscountCodeForm } from '../../../domain/discount-form';
import { useBrands } from '../../api/use-brands';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { AdminForm } from './admin-form';
import { useSaveDiscountCode } from './api/discount-code';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** The form's values for a code being edited (its terms as the form types them). */
function valuesOf(code: DiscountCodeAnswer | undefined): DiscountCodeForm {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    value: code ? String(code.kind === 'percent' ? code.percent : code.amount) : '',
    minSubtotal: code?.minSubtotal === null || code === undefined ? '' : String(code.minSubtotal),
    startsOn: code?.startsOn ?? '',
    endsOn: code?.endsOn ?? '',
    maxUses: code?.maxUses === null || code === undefined ? '' : String(code.maxUses),
    oncePerCustomer: code?.oncePerCustomer ?? false,
    target: code?.target ?? 'cart',
    brands: code?.brands ?? [],
  };
}

/**
 * A discount code's terms (issue 18): its name, a percentage or an amount, what it applies to, and
 * its limits. The same schema checks it here and on the server; the server's refusals land on their
 * fields (a name already taken, 409 conflict, on the code).
 */
export function DiscountCodeFormFields({ code }: { code?: DiscountCodeAnswer }) {
  const navigate = useNavigate();
  const save = useSaveDiscountCode(code?._id ?? '');
  const { data: brands = [] } = useBrands();
  const form = useSchemaForm(discountCodeFormSchema, {
    defaultValues: valuesOf(code),
    codes: { conflict: 'code' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const target = useWatch({ control: form.control, name: 'target' });

  const onSubmit = form.submit(async (values) => {
    const saved = await save.mutateAsync(values);
    toast.success(`${saved.code} ${code ? 'saved' : 'created'}`, { duration: NOTICE_MS.admin });
    void navigate(paths.admin);
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: code ? 'Save' : 'Create', busyLabel: 'Saving...', icon: BadgePercent }}
    >
      <TextField
        name="code"
        label="Code"
        maxLength={32}
        hint="3 to 32 letters and digits; shoppers may type it in any case."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="kind" label="Takes off">
          <option value="percent">A percentage</option>
          <option value="fixed">An amount in dollars</option>
        </SelectField>
        <TextField
          name="value"
          label={kind === 'percent' ? 'Percentage' : 'Amount ($)'}
          inputMode="decimal"
          hint={kind === 'percent' ? '1 to 90.' : 'Never takes a cart below $1.'}
        />
      </div>
      <SelectField name="target" label="Applies to">
        <option value="cart">The whole cart</option>
        <option value="brands">Some brands</option>
        <option value="not_on_sale">Everything not already on sale</option>
      </SelectField>
      {target === 'brands' && (
        <fieldset className="rounded-xl border border-gray-200 p-4">
          <legend className="px-1 text-sm font-bold">Brands</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {brands.map((brand) => (
              <label key={brand._id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={brand.name}
                  {...form.register('brands')}
                  className="size-4 accent-ink"
                />
                {brand.name}
              </label>
            ))}
          </div>
          {form.formState.errors.brands && (
            <p role="alert" className="mt-2 text-sm font-semibold text-deal">
              {form.formState.errors.brands.message}
            </p>
          )}
        </fieldset>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="startsOn" label="From (optional)" hint="YYYY-MM-DD, included." />
        <TextField name="endsOn" label="Until (optional)" hint="YYYY-MM-DD, included." />
        <TextField name="minSubtotal" label="Minimum subtotal ($, optional)" inputMode="decimal" />
        <TextField name="maxUses" label="Number of uses (optional)" inputMode="numeric" />
      </div>
      <CheckboxField name="oncePerCustomer" label="Once per customer" />
    </AdminForm>
  );
}
