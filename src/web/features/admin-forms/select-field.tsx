import type { ChangeEvent, ReactNode } from 'react';
import { fieldAria, FormField, inputClass } from '../../components/forms/form-field';
import { useFormField } from './use-form-field';

interface SelectFieldProps {
  /** The form value it edits (inside a FormProvider). */
  name: string;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Runs after the form has the new value (the size prefilling its quantity...). */
  onChange?: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled dropdown of an admin form, with its validation message. */
export function SelectField({ name, label, hint, disabled, onChange, children }: SelectFieldProps) {
  const { id, register, error } = useFormField(name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        disabled={disabled}
        {...fieldAria(id, { hint: Boolean(hint), error })}
        className={`${inputClass} cursor-pointer pr-10 disabled:cursor-not-allowed disabled:bg-gray-100`}
        {...register(name, {
          onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange?.(event.target.value),
        })}
      >
        {children}
      </select>
    </FormField>
  );
}
