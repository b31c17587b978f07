import { KeyRound } from 'lucide-react';
import { toast } from '../../lib/toast';
import { changePasswordSchema } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useChangePassword } from './api/change-password';
import { AccountUsername } from '../../components/forms/account-username';
import { NewPasswordField } from '../../components/forms/new-password-field';
import { PasswordField } from '../../components/forms/password-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { AccountForm } from './account-form';

/** Change password, asking for the current one ('Password Updated'; other sessions end). */
export function ChangePasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const { field, reset, busy, formError, submit } = useSchemaForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '' },
    codes: { wrong_password: 'currentPassword' },
  });

  const onSubmit = submit(async (input) => {
    const message = await changePassword.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    reset();
  });

  return (
    <AccountForm
      title="Password"
      description="Signing in elsewhere? Changing it signs out your other devices."
      label="Change password"
      onSubmit={onSubmit}
      error={formError}
      action={{ label: 'Change password', busyLabel: 'Saving...', icon: KeyRound }}
      busy={busy}
    >
      <AccountUsername email={email} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <NewPasswordField {...field('newPassword')} />
      </div>
    </AccountForm>
  );
}
