import { useWatch } from 'react-hook-form';
import { SHOE_LIMITS } from '../../../domain/admin';
import { CountedHint } from '../../components/forms/counted-hint';
import { fieldAria, FormField, inputClass } from '../../components/forms/form-field';
import { useFormField } from './use-form-field';

const MAX = SHOE_LIMITS.description;

/** The shoe's description (form value `description`) with a live count against its limit. */
export function DescriptionField({ hint }: { hint: string }) {
  const { id, register, control, error } = useFormField('description');
  // The schema trims, so the counter counts what will actually be sent.
  const length = (useWatch({ control, name: 'description' }) ?? '').trim().length;
  return (
    <FormField
      id={id}
      label="Description"
      error={error}
      hint={<CountedHint text={hint} count={length} max={MAX} />}
    >
      <textarea
        id={id}
        rows={5}
        {...fieldAria(id, { hint: true, error })}
        className={`${inputClass} resize-y`}
        {...register('description')}
      />
    </FormField>
  );
}
