import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../domain/account';
import { MESSAGES } from '../../../domain/messages';
import { signOut } from '../../api/sign-out';
import { clearSession } from '../../api/use-session';
import { paths } from '../../paths';
import { cardClass } from '../card-class';
import { primaryButtonClass } from '../forms/button-class';
import { PageHeader } from '../page-header';
import { PAGE_WIDTH } from '../page-width';
import type { SignInRedirectState } from '../guards/require-user';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * What staff see instead of the admin panel until their session has a second factor (issue 20):
 * the setup, when two-step sign-in is not on yet; or a way to sign in again with the code, when
 * this session began without it (Google, or a device signed in before the setup).
 */
export default function StaffTwoFactorGate({ user, enrolled }: { user: User; enrolled: boolean }) {
  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader
        eyebrow="Admin panel"
        title={enrolled ? 'Sign in with your code' : 'Set up two-step sign-in'}
        description={
          enrolled
            ? MESSAGES.twoFactor.staffSignInAgain
            : 'Staff accounts can change the shop, so they sign in with a password and a code from an authenticator app on their phone (or with a passkey, added on your account page). Set it up once to open the admin panel.'
        }
      />
      <div className={`${cardClass} max-w-2xl`}>
        {enrolled ? <SignInAgain /> : <TwoFactorSetup email={user.email} />}
      </div>
    </div>
  );
}

function SignInAgain() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    try {
      await signOut();
    } finally {
      const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
      clearSession(queryClient);
      void navigate(paths.signIn, { state });
    }
  }

  return (
    <button type="button" onClick={() => void onClick()} disabled={busy} className={primaryButtonClass}>
      <LogIn aria-hidden="true" className="size-4" />
      {busy ? 'Signing out...' : 'Sign out and sign in again'}
    </button>
  );
}
