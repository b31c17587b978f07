import { RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../../domain/account';
import { NOTICE_MS } from '../../../domain/constants';
import { useRenewRecoveryCodes } from '../../api/renew-recovery-codes';
import { useTurnOffTwoFactor } from '../../api/turn-off-two-factor';
import { PasswordAgainForm } from '../../components/forms/password-again-form';
import { RecoveryCodes } from '../../components/two-factor/recovery-codes';
import { TwoFactorSetup } from '../../components/two-factor/two-factor-setup';
import { toast } from '../../lib/toast';
import { AccountSection } from './account-section';

const SEPARATED = 'space-y-4 border-t border-gray-200 pt-5';

/** Two-step sign-in on /account (issue 20): set up, recovery codes renewed, turned off. */
export function TwoFactorSection({ user }: { user: User }) {
  const staff = user.role !== 'user';
  return (
    <AccountSection
      title="Two-step sign-in"
      description={
        user.twoFactor
          ? 'On: signing in asks for a code from your authenticator app after your password.'
          : `After your password, a code from an authenticator app on your phone.${
              staff ? ' Staff accounts need it to use the admin panel.' : ''
            }`
      }
    >
      {user.twoFactor ? <TwoFactorOn user={user} /> : <TwoFactorSetup email={user.email} />}
    </AccountSection>
  );
}

function TwoFactorOn({ user }: { user: User }) {
  const renew = useRenewRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const [codes, setCodes] = useState<string[]>();
  return (
    <div className="space-y-6">
      <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-bold text-emerald-800">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Two-step sign-in is on
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} email={user.email} />
      ) : (
        <PasswordAgainForm
          email={user.email}
          label="New recovery codes"
          busyLabel="Renewing..."
          icon={RefreshCw}
          passwordLabel="Your password"
          className={SEPARATED}
          hint="Lost your recovery codes? New ones replace them all."
          send={async (input) => {
            const answer = await renew.mutateAsync(input);
            toast.success(answer.message, { duration: NOTICE_MS.success });
            setCodes(answer.recoveryCodes);
          }}
        />
      )}
      <PasswordAgainForm
        email={user.email}
        label="Turn off two-step sign-in"
        busyLabel="Turning off..."
        icon={ShieldOff}
        passwordLabel="Your password"
        className={SEPARATED}
        hint={
          user.role === 'user'
            ? 'Your password alone will sign you in again.'
            : 'Staff cannot use the admin panel until it is on again.'
        }
        send={async (input) => {
          const answer = await turnOff.mutateAsync(input);
          toast.success(answer.message, { duration: NOTICE_MS.success });
        }}
      />
    </div>
  );
}
