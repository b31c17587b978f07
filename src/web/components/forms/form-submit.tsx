import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

/** A form's button: what it says, what it says while its request runs, and its icon. */
export interface FormAction {
  label: string;
  busyLabel: string;
  icon: LucideIcon;
}

interface FormSubmitProps {
  /** Why the request failed, when no field says it. */
  error: string | undefined;
  action: FormAction;
  busy: boolean;
  /** Between the error and the button: what the form has to say once it worked. */
  notice?: ReactNode;
  /** The button's width where it stands ("w-full", "w-full sm:w-auto"). */
  className?: string;
}

/** The end of a form that is sent in one press: its error for the whole form, then its button. */
export function FormSubmit({ error, action, busy, notice, className }: FormSubmitProps) {
  return (
    <>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice}
      <SubmitButton {...action} busy={busy} className={className} />
    </>
  );
}
