import type { ComponentProps, ReactNode } from 'react';
import { fieldAria, FormField } from './form-field';
import { PasswordInput } from './password-input';

interface PasswordFieldProps extends Omit<ComponentProps<typeof PasswordInput>, 'id'> {
  id: string;
  label: string;
  error: string | undefined;
  /** Under the field: the rule, when choosing a password. */
  hint?: ReactNode;
}

/** A labelled password field (with its Show/Hide toggle), hint and validation message. */
export function PasswordField({ id, label, error, hint, ...input }: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <PasswordInput id={id} {...fieldAria(id, { hint: Boolean(hint), error })} {...input} />
    </FormField>
  );
}
