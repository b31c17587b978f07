import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { passwordAgainSchema, type PasswordAgainInput } from '../../../domain/account';
import { AccountUsername } from './account-username';
import { FormSubmit } from './form-submit';
import { PasswordField } from './password-field';
import { useSchemaForm } from './use-schema-form';

interface PasswordAgainFormProps {
  /** The signed-in account's email, for password managers. */
  email: string;
  /** Names the form and its button. */
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  passwordLabel: string;
  /** Above the field: what the change does. */
  hint?: ReactNode;
  className?: string;
  /** The button's own look ("bg-deal!" for a deletion). */
  buttonClassName?: string;
  /** Makes the change; a 400 'Wrong Password' lands under the field. */
  send: (input: PasswordAgainInput) => Promise<void>;
}

/** A sensitive change that asks for the password again: its field, its error, its button. */
export function PasswordAgainForm({
  email,
  label,
  busyLabel,
  icon,
  passwordLabel,
  hint,
  className = 'space-y-4',
  buttonClassName = 'w-full sm:w-auto',
  send,
}: PasswordAgainFormProps) {
  const { field, reset, busy, formError, submit } = useSchemaForm(passwordAgainSchema, {
    defaultValues: { password: '' },
    codes: { wrong_password: 'password' },
  });
  const onSubmit = submit(async (input) => {
    await send(input);
    reset();
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className={className}>
      {hint && <p className="text-sm text-gray-700">{hint}</p>}
      <AccountUsername email={email} />
      <PasswordField label={passwordLabel} autoComplete="current-password" {...field('password')} />
      <FormSubmit
        error={formError}
        action={{ label, busyLabel, icon }}
        busy={busy}
        className={buttonClassName}
      />
    </form>
  );
}
