import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { useSignOut } from '../../api/sign-out';
import { clearSession } from '../../api/use-session';
import { paths } from '../../paths';

/** Logout: 'You logout' and 'See you later!' (spec §8), then home. */
export function SignOutButton() {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function onClick() {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
      return;
    }
    toast.success(MESSAGES.identity.loggedOut, { duration: NOTICE_MS.success });
    toast(MESSAGES.identity.seeYou, { duration: NOTICE_MS.success });
    // Leave the guarded page first (synchronously, not in a transition): cleared while still
    // here, its guard would send us to /signin instead of home.
    flushSync(() => void navigate(paths.home));
    clearSession(queryClient);
  }

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={signOut.isPending}
      className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-deal px-5 py-2.5 text-sm font-bold text-deal transition-colors hover:bg-deal hover:text-white disabled:cursor-wait disabled:opacity-60"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Logout
    </button>
  );
}
