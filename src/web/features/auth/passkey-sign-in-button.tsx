import { Fingerprint } from 'lucide-react';
import { NOTICE_MS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { useSignInWithPasskey } from '../../api/sign-in-with-passkey';
import { toast } from '../../lib/toast';
import { providerButtonClass } from './provider-button-class';

function passkeyFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return 'No passkey was used: the request was cancelled or timed out.';
  if (typeof window !== 'undefined' && !window.PublicKeyCredential)
    return 'This browser cannot use passkeys.';
  return errorMessage(error);
}

/** Signing in with a passkey: no password, and it counts as two factors (issue 20). */
export function PasskeySignInButton() {
  const signIn = useSignInWithPasskey();

  function onClick() {
    signIn
      .mutateAsync()
      .then(() => toast.success(MESSAGES.identity.welcomeBack, { duration: NOTICE_MS.success }))
      .catch((error: unknown) => toast.error(passkeyFailure(error), { duration: NOTICE_MS.error }));
  }

  return (
    <button type="button" onClick={onClick} disabled={signIn.isPending} className={providerButtonClass}>
      <Fingerprint aria-hidden="true" className="size-5" />
      {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </button>
  );
}
