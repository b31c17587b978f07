import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Credentials } from '../../../domain/account';
import { describedBy, FormField } from '../../components/forms/form-field';
import { PasswordInput } from '../../components/forms/password-input';
import { EmailField } from './email-field';

interface CredentialsFieldsProps {
  id: string;
  register: UseFormRegister<Credentials>;
  errors: FieldErrors<Credentials>;
  /** `current-password` to sign in, `new-password` to create an account (password managers care). */
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Under the password: the rule, when choosing one. */
  passwordHint?: ReactNode;
}

/** Email and password, shared by sign-in and sign-up. */
export function CredentialsFields({
  id,
  register,
  errors,
  passwordAutoComplete,
  passwordHint,
}: CredentialsFieldsProps) {
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  return (
    <>
      <EmailField id={emailId} error={errors.email?.message} registration={register('email')} />
      <FormField id={passwordId} label="Password" error={errors.password?.message} hint={passwordHint}>
        <PasswordInput
          id={passwordId}
          autoComplete={passwordAutoComplete}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy(passwordId, {
            hint: Boolean(passwordHint),
            error: errors.password?.message,
          })}
          {...register('password')}
        />
      </FormField>
    </>
  );
}
