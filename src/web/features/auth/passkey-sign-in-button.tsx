import { Fingerprint } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { browserPasskeyFailure } from '../../api/passkey-failure';
import { useSignInWithPasskey } from '../../api/sign-in-with-passkey';
import { toast } from '../../lib/toast';
import { providerButtonClass } from './provider-button-class';

/** Signing in with a passkey: no password, and it counts as two factors (issue 20). */
export function PasskeySignInButton() {
  const signIn = useSignInWithPasskey();

  function onClick() {
    signIn
      .mutateAsync()
      .then(() => toast.success(MESSAGES.identity.welcomeBack, { duration: NOTICE_MS.success }))
      .catch((error: unknown) =>
        toast.error(browserPasskeyFailure(error, 'sign-in'), { duration: NOTICE_MS.error }),
      );
  }

  return (
    <button type="button" onClick={onClick} disabled={signIn.isPending} className={providerButtonClass}>
      <Fingerprint aria-hidden="true" className="size-5" />
      {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </button>
  );
}
