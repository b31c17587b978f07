import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { describedBy, FormField, inputClass } from '../../components/forms/form-field';
import { fieldMessage } from './field-message';

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
  const id = `${useId()}-${name}`;
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = fieldMessage(errors, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
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
