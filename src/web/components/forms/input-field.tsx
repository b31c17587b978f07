import type { ComponentProps, ReactNode } from 'react';
import { fieldAria, FormField, inputClass } from './form-field';

interface InputFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled one-line field with its hint and validation message, wired for screen readers.
 * Takes the input's own props, react-hook-form's `register(...)` included.
 */
export function InputField({ id, label, error, hint, className = inputClass, ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input id={id} {...fieldAria(id, { hint: Boolean(hint), error })} className={className} {...input} />
    </FormField>
  );
}
