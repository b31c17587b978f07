import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { changePasswordSchema, PASSWORD_LENGTH } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useChangePassword } from './api/change-password';
import { primaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { describedBy, FormField } from '../../components/forms/form-field';
import { PasswordInput } from '../../components/forms/password-input';
import { applyServerError } from '../../components/forms/server-error';
import { AccountSection } from './account-section';

/** Change password, asking for the current one ('Password Updated'; other sessions end). */
export function ChangePasswordForm({ email }: { email: string }) {
  const id = useId();
  const currentId = `${id}-current`;
  const newId = `${id}-new`;
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      const message = await changePassword.mutateAsync(input);
      toast.success(message, { duration: NOTICE_MS.success });
      reset();
    } catch (error) {
      setFormError(
        applyServerError(error, setError, {
          fields: ['currentPassword', 'newPassword'],
          codes: { wrong_password: 'currentPassword' },
        }),
      );
    }
  });

  return (
    <AccountSection
      title="Password"
      description="Signing in elsewhere? Changing it signs out your other devices."
    >
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Change password" className="space-y-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={currentId} label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput
              id={currentId}
              autoComplete="current-password"
              aria-invalid={errors.currentPassword ? true : undefined}
              aria-describedby={describedBy(currentId, { error: errors.currentPassword?.message })}
              {...register('currentPassword')}
            />
          </FormField>
          <FormField
            id={newId}
            label="New password"
            error={errors.newPassword?.message}
            hint={`At least ${PASSWORD_LENGTH.min} characters.`}
          >
            <PasswordInput
              id={newId}
              autoComplete="new-password"
              aria-invalid={errors.newPassword ? true : undefined}
              aria-describedby={describedBy(newId, { hint: true, error: errors.newPassword?.message })}
              {...register('newPassword')}
            />
          </FormField>
        </div>
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <button type="submit" disabled={isSubmitting} className={`${primaryButtonClass} w-full sm:w-auto`}>
          <KeyRound aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </AccountSection>
  );
}
