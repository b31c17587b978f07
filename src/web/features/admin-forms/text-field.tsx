import type { HTMLAttributes } from 'react';
import { fieldAria, FormField, inputClass } from '../../components/forms/form-field';
import { useFormField } from './use-form-field';

interface TextFieldProps {
  /** The form value it edits (inside a FormProvider). */
  name: string;
  label: string;
  hint?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  /** A unit set inside the box before the value, e.g. `$`. */
  prefix?: string;
}

/** A labelled one-line text field of an admin form, with its validation message. */
export function TextField({ name, label, hint, prefix, ...input }: TextFieldProps) {
  const { id, register, error } = useFormField(name);
  const field = (
    <input
      id={id}
      type="text"
      autoComplete="off"
      {...fieldAria(id, { hint: Boolean(hint), error })}
      className={`${inputClass} ${prefix ? 'pl-8' : ''}`}
      {...input}
      {...register(name)}
    />
  );
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {prefix ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 font-semibold text-gray-600"
          >
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
    </FormField>
  );
}
