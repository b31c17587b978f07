import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { DeleteAccountInput, User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { clearSession } from '../../api/use-session';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { PasswordAgainForm } from '../../components/forms/password-again-form';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { AccountSection } from './account-section';
import { useDeleteAccount, yourDataUrl } from './api/delete-account';

/**
 * Your data (issue 20): everything the shop holds about you as a JSON file, and the account deleted
 * once the password is typed again (not the administrator's). docs/your-data.md says what is kept.
 */
export function YourDataSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();

  async function deleteAndLeave(input: DeleteAccountInput) {
    const message = await deleteAccount.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    // Leave the guarded page before the session is forgotten (see SignOutButton).
    flushSync(() => void navigate(paths.home));
    clearSession(queryClient);
  }

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
        <PasswordAgainForm
          email={user.email}
          label="Delete my account"
          busyLabel="Deleting..."
          icon={Trash2}
          passwordLabel="Type your password to delete your account"
          className="mt-6 space-y-4 border-t border-gray-200 pt-5"
          buttonClassName="w-full bg-deal! hover:bg-red-800! sm:w-auto"
          send={deleteAndLeave}
        />
      )}
    </AccountSection>
  );
}
