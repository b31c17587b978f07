import type { FormEventHandler, ReactNode } from 'react';
import { FormSubmit, type FormAction } from '../../components/forms/form-submit';
import { AccountSection } from './account-section';

interface AccountFormProps {
  /** The card's title, and the form's name unless `label` gives another. */
  title: string;
  description: ReactNode;
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the request failed, when no field says it. */
  error: string | undefined;
  action: FormAction;
  busy: boolean;
  /** The fields. */
  children: ReactNode;
}

/** One card of the account page that is one form: its fields, its error, its button. */
export function AccountForm({
  title,
  description,
  label = title,
  onSubmit,
  error,
  action,
  busy,
  children,
}: AccountFormProps) {
  return (
    <AccountSection title={title} description={description}>
      <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5">
        {children}
        <FormSubmit error={error} action={action} busy={busy} className="w-full sm:w-auto" />
      </form>
    </AccountSection>
  );
}
