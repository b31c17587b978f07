import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCw, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { checkCompareAt, modifyShoeSchema } from '../../../domain/admin';
import type { Shoe } from '../../../domain/catalog';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, isAccountDisabled } from '../../api/http';
import { useModifyShoe } from './api/modify-shoe';
import { secondaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { useUploadProgress } from '../../components/forms/use-upload-progress';
import { paths } from '../../paths';
import { DescriptionField } from './description-field';
import { ImageField } from './image-field';
import { shoeImageField } from './image-check';
import { modifyFormValues } from './modify-form-values';
import { SelectField } from './select-field';
import { ShoeBasicsFields } from './shoe-basics-fields';
import { applyShoeServerError } from './shoe-server-error';
import { sortedStock } from './stock-order';
import { TextField } from './text-field';
import { UploadProgress } from '../../components/forms/upload-progress';
import { AdminForm } from './admin-form';

// The compare-at price above the price: a rule across fields, on last (Zod 4 cannot extend a refined object).
const schema = modifyShoeSchema
  .extend({ image: shoeImageField({ required: false }) })
  .superRefine(checkCompareAt);

const FIELDS = [
  'brand',
  'name',
  'color',
  'price',
  'compareAtPrice',
  'size',
  'q',
  'sku',
  'gtin',
  'description',
  'image',
] as const;

interface ModifyShoeFormProps {
  /** The shoe as it was when the form opened (its `version` goes with the change). */
  shoe: Shoe;
  /** Loads the shoe again and starts the form over from it (after a 409). */
  onReload: () => void;
}

/** Modify Shoes (spec §2, §5): prefilled from the shoe; on success back to the dashboard. */
export function ModifyShoeForm({ shoe, onReload }: ModifyShoeFormProps) {
  const navigate = useNavigate();
  const { progress, onProgress, track } = useUploadProgress();
  const [formError, setFormError] = useState<{ message: string; stale: boolean }>();
  const modifyShoe = useModifyShoe(onProgress);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: modifyFormValues(shoe),
  });
  const stock = sortedStock(shoe.stock);

  function chooseSize(size: string) {
    const entry = stock.find((candidate) => candidate.size === size);
    const values = { q: entry ? String(entry.quantity) : '', sku: entry?.sku ?? '', gtin: entry?.gtin ?? '' };
    for (const name of ['q', 'sku', 'gtin'] as const) {
      form.setValue(name, values[name], {
        shouldDirty: true,
        shouldValidate: form.getFieldState(name).isTouched,
      });
    }
  }

  const onSubmit = form.handleSubmit(async ({ image, ...fields }) => {
    setFormError(undefined);
    try {
      await track(() => modifyShoe.mutateAsync({ id: shoe._id, fields, image }));
      toast.success(MESSAGES.admin.shoeModified, { duration: NOTICE_MS.admin });
      await navigate(paths.admin);
    } catch (error) {
      if (!isAccountDisabled(error))
        toast.error(MESSAGES.admin.shoeCreateFailed, { duration: NOTICE_MS.admin });
      // A 409 naming a field is a SKU or GTIN another size has; any other is an outdated copy.
      const stale =
        error instanceof ApiError && error.status === 409 && Object.keys(error.fields).length === 0;
      const message = stale ? error.message : applyShoeServerError(error, form.setError, FIELDS);
      if (message) setFormError({ message, stale });
    }
  });

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      action={{ label: 'Modify', busyLabel: 'Saving...', icon: Save }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ShoeBasicsFields currentBrand={shoe.brand} cents />
        <SelectField
          name="size"
          label="Size"
          disabled={stock.length === 0}
          onChange={chooseSize}
          hint={
            <Link to={paths.createSizeFor(shoe._id)} className={textLinkClass}>
              Add a size
            </Link>
          }
        >
          <option value="">{stock.length === 0 ? 'No sizes yet' : 'Choose size'}</option>
          {stock.map((entry) => (
            <option key={entry._id} value={entry.size}>
              {entry.size}
            </option>
          ))}
        </SelectField>
        <TextField name="q" label="Quantity" inputMode="numeric" hint="Pairs in stock of the chosen size." />
        <TextField
          name="sku"
          label="SKU"
          maxLength={64}
          hint="The chosen size's code. Emptied, it keeps its SKU."
        />
        <TextField
          name="gtin"
          label="GTIN / UPC (optional)"
          inputMode="numeric"
          maxLength={14}
          hint="The barcode's number on the box. Emptied, the size has none."
        />
      </div>
      <DescriptionField hint="What makes this shoe worth it." />
      <ImageField
        label="Image"
        current={{ src: shoe.image, alt: `Current image of ${shoe.brand} ${shoe.name}` }}
      />
      <UploadProgress progress={progress} />
      {formError && (
        <FormAlert tone="error">
          <p>{formError.message}</p>
          {formError.stale && (
            <button
              type="button"
              onClick={onReload}
              className={`${secondaryButtonClass} mt-3 min-h-10 py-2 text-sm`}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Reload shoe
            </button>
          )}
        </FormAlert>
      )}
    </AdminForm>
  );
}
