import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { DeleteAccountInput, User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { clearSession } from '../../api/use-session';
import { PasswordAgainForm } from '../../components/forms/password-again-form';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { useDeleteAccount } from './api/delete-account';

/**
 * Leaving the shop (issue 20), once the password is typed again (not the administrator's account).
 * The account page's last and quietest part (issue 32): a plain "Delete account" disclosure at its
 * foot, not a red card among the others, that opens to what deleting does and the password form.
 * docs/your-data.md says what is kept.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();

  async function deleteAndLeave(input: DeleteAccountInput) {
    const message = await deleteAccount.mutateAsync(input);
    toast.success(message, { duration: NOTICE_MS.success });
    // Leave the guarded page before the session is forgotten (see SignOutButton).
    flushSync(() => void navigate(paths.home));
    clearSession(queryClient);
  }

  return (
    <section aria-labelledby={headingId} className="border-t border-gray-300 pt-3">
      <h2 id={headingId}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-1 text-sm font-bold text-gray-700 transition-colors hover:text-deal"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="mt-3 rounded-3xl bg-white p-5 ring-1 ring-red-200 sm:p-6">
        <p className="text-sm text-gray-700">
          Deleting your account signs you out everywhere and erases your profile, favorites and subscriptions;
          orders are kept for our accounts without your email, and reviews stay without your name. It cannot
          be undone.
        </p>
        {user.role === 'admin' ? (
          <p className="mt-4 text-sm font-semibold text-gray-900">
            The administrator’s account cannot be deleted.
          </p>
        ) : (
          <PasswordAgainForm
            email={user.email}
            label="Delete my account"
            busyLabel="Deleting..."
            icon={Trash2}
            passwordLabel="Type your password to delete your account"
            className="mt-5 space-y-4"
            buttonClassName="w-full bg-deal! hover:bg-red-800! sm:w-auto"
            send={deleteAndLeave}
          />
        )}
      </div>
    </section>
  );
}
