import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SHOE_LIMITS } from '../../../domain/admin';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';
import { fieldMessage } from './field-message';

const MAX = SHOE_LIMITS.description;

/** The shoe's description (form value `description`) with a live count against its limit. */
export function DescriptionField({ hint }: { hint: string }) {
  const id = `${useId()}-description`;
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<{ description: string }>();
  const error = fieldMessage(errors, 'description');
  // The schema trims, so the counter counts what will actually be sent.
  const length = (useWatch({ control, name: 'description' }) ?? '').trim().length;
  return (
    <FormField
      id={id}
      label="Description"
      error={error}
      hint={
        <p className="flex justify-between gap-4">
          <span>{hint}</span>
          <span className={`shrink-0 tabular-nums ${length > MAX ? 'font-semibold text-red-700' : ''}`}>
            {length} / {MAX}
          </span>
        </p>
      }
    >
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        className={`${inputClass} resize-y`}
        {...register('description')}
      />
    </FormField>
  );
}
