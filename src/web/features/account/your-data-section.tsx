import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { deleteAccountSchema, type User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { clearSession } from '../../api/use-session';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { PasswordField } from '../../components/forms/password-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { AccountSection } from './account-section';
import { useDeleteAccount, yourDataUrl } from './api/delete-account';

/**
 * Your data (issue 20): everything the shop holds about you as a JSON file, and the account deleted
 * once the password is typed again (not the administrator's). docs/your-data.md says what is kept.
 */
export function YourDataSection({ user }: { user: User }) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const {
    register,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(deleteAccountSchema, {
    defaultValues: { password: '' },
    codes: { wrong_password: 'password' },
  });

  const onSubmit = submit(async (input) => {
    const message = await deleteAccount.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    // Leave the guarded page before the session is forgotten (see SignOutButton).
    flushSync(() => void navigate(paths.home));
    clearSession(queryClient);
  });

  return (
    <AccountSection
      title="Your data"
      description="Everything we hold about you, yours to take. Deleting your account signs you out everywhere and erases your profile, favorites and subscriptions; orders are kept for our accounts without your email, and reviews stay without your name."
    >
      <a href={yourDataUrl()} download className={secondaryButtonClass}>
        <Download aria-hidden="true" className="size-4" />
        Download my data
      </a>
      {user.role === 'admin' ? (
        <p className="mt-5 text-sm text-gray-700">The administrator’s account cannot be deleted.</p>
      ) : (
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          aria-label="Delete my account"
          className="mt-6 space-y-4 border-t border-gray-200 pt-5"
        >
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordField
            id={`${id}-password`}
            label="Type your password to delete your account"
            error={errors.password?.message}
            autoComplete="current-password"
            {...register('password')}
          />
          {formError && <FormAlert tone="error">{formError}</FormAlert>}
          <SubmitButton
            label="Delete my account"
            busyLabel="Deleting..."
            icon={Trash2}
            busy={isSubmitting}
            className="w-full bg-deal! hover:bg-red-800! sm:w-auto"
          />
        </form>
      )}
    </AccountSection>
  );
}
