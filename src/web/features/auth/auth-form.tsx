import type { FormEventHandler, ReactNode } from 'react';
import { FormSubmit, type FormAction } from '../../components/forms/form-submit';

interface AuthFormProps {
  /** Names the form for screen readers. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the request failed, when no field says it. */
  error: string | undefined;
  /** The button across the card. */
  action: FormAction;
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
      <FormSubmit error={error} action={action} busy={busy} notice={notice} className="w-full" />
    </form>
  );
}
