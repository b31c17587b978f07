import type { ComponentProps } from 'react';
import { PASSWORD_LENGTH } from '../../../domain/account';
import { PasswordField } from './password-field';

type NewPasswordFieldProps = Omit<ComponentProps<typeof PasswordField>, 'hint' | 'autoComplete' | 'label'> & {
  label?: string;
};

/** A password being chosen: the rule under it, and marked new so password managers offer one. */
export function NewPasswordField({ label = 'New password', ...field }: NewPasswordFieldProps) {
  return (
    <PasswordField
      label={label}
      hint={`At least ${PASSWORD_LENGTH.min} characters.`}
      autoComplete="new-password"
      {...field}
    />
  );
}
