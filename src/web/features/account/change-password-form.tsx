import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../lib/toast';
import { changePasswordSchema } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useChangePassword } from './api/change-password';
import { NewPasswordField } from '../../components/forms/new-password-field';
import { PasswordField } from '../../components/forms/password-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { AccountForm } from './account-form';

/** Change password, asking for the current one ('Password Updated'; other sessions end). */
export function ChangePasswordForm({ email }: { email: string }) {
  const id = useId();
  const changePassword = useChangePassword();
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(changePasswordSchema, {
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
      busy={isSubmitting}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          id={`${id}-current`}
          label="Current password"
          error={errors.currentPassword?.message}
          autoComplete="current-password"
          {...register('currentPassword')}
        />
        <NewPasswordField id={`${id}-new`} error={errors.newPassword?.message} {...register('newPassword')} />
      </div>
    </AccountForm>
  );
}
