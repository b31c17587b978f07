import type { LucideIcon } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from '../../components/forms/form-alert';
import { SubmitButton } from '../../components/forms/submit-button';

interface AuthFormProps {
  /** Names the form for screen readers. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the request failed, when no field says it. */
  error: string | undefined;
  /** The button across the card: what it says, while its request runs too, and its icon. */
  action: { label: string; busyLabel: string; icon: LucideIcon };
  busy: boolean;
  /** Above the button, below the error: what the form has to say once it worked. */
  notice?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** The form inside an account card (sign-in, sign-up, recovery, reset): fields, error, one wide button. */
export function AuthForm({ label, onSubmit, error, action, busy, notice, children }: AuthFormProps) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
      {children}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice}
      <SubmitButton {...action} busy={busy} className="w-full" />
    </form>
  );
}
