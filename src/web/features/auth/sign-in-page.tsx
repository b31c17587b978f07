import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useSignIn } from './api/credentials';
import { textLinkClass } from '../../components/forms/button-class';
import { FormAlert } from '../../components/forms/form-alert';
import { paths } from '../../paths';
import { AuthLayout } from './auth-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { CredentialsForm } from './credentials-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { googleErrorMessage } from './google-error';
import { LeaveWhenSignedIn } from './leave-when-signed-in';
import { OrDivider } from './or-divider';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { TwoFactorStep } from './two-factor-step';

/** `/signin` (spec §2): email and password, Google, links to sign-up and recovery, Back Home. */
export default function SignInPage() {
  const location = useLocation();
  const signIn = useSignIn();
  // The password was right and the account has two-step sign-in on: the code comes next.
  const [secondStep, setSecondStep] = useState(false);
  const [restartReason, setRestartReason] = useState<string>();
  const [params, setParams] = useSearchParams();
  // A failed Google round trip comes back as /signin?error=<code>; read once, then tidy the URL.
  const [googleError] = useState(() => {
    const code = params.get('error');
    return code === null ? undefined : googleErrorMessage(code);
  });

  useEffect(() => {
    if (!googleError) return;
    toast.error(googleError, { id: 'google-sign-in-error', duration: NOTICE_MS.error });
    setParams(
      (current) => {
        current.delete('error');
        current.delete('error_description');
        return current;
      },
      { replace: true, state: location.state },
    );
    // Once per visit: the URL no longer carries the code after this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [googleError]);

  return (
    <LeaveWhenSignedIn>
      <AuthLayout
        title="Sign in"
        intro="Welcome back. Sign in to see your orders, favorites and reviews."
        footer={
          <AuthSwitchLink
            question="New to Sneaker Street?"
            to={paths.createAccount}
            label="Create an account"
          />
        }
      >
        {secondStep ? (
          <TwoFactorStep
            onRestart={(reason) => {
              setRestartReason(reason);
              setSecondStep(false);
            }}
          />
        ) : (
          <div className="space-y-6">
            {googleError && <FormAlert tone="error">{googleError}</FormAlert>}
            {restartReason && <FormAlert tone="error">{restartReason}</FormAlert>}
            <div className="space-y-3">
              <GoogleSignInButton />
              <PasskeySignInButton />
            </div>
            <OrDivider />
            <CredentialsForm
              title="Sign in"
              busyLabel="Signing in..."
              icon={LogIn}
              codes={{ user_not_found: 'email', wrong_password: 'password' }}
              send={async (credentials) => {
                const outcome = await signIn.mutateAsync(credentials);
                if (outcome === 'second-step') {
                  setRestartReason(undefined);
                  setSecondStep(true);
                }
                return outcome;
              }}
              welcome={MESSAGES.identity.welcomeBack}
            >
              <div className="-mt-2 flex justify-end">
                <Link to={paths.forget} className={`${textLinkClass} text-sm`}>
                  {MESSAGES.identity.forgetLink}
                </Link>
              </div>
            </CredentialsForm>
          </div>
        )}
      </AuthLayout>
    </LeaveWhenSignedIn>
  );
}
