import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../domain/account';
import { userAnswerSchema } from '../../domain/contracts/answers';
import { webAuthnOptionsSchema } from '../../domain/passkeys';
import { apiUrl, sendJson } from './http';
import { syncedUser } from './sync-user';
import { setSessionUserWithSecondFactor } from './use-session';

/**
 * `POST /api/account/sign-in/passkey/options`, the device signs them, then
 * `POST /api/account/sign-in/passkey`: a session that counts as two factors. The browser's
 * WebAuthn ceremony (@simplewebauthn/browser) loads only now, alongside the options.
 */
export async function signInWithPasskey(): Promise<User> {
  const [options, { startAuthentication }] = await Promise.all([
    sendJson('POST', apiUrl('/account/sign-in/passkey/options'), {}, webAuthnOptionsSchema),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startAuthentication({ optionsJSON: options as never });
  const { user } = await sendJson('POST', apiUrl('/account/sign-in/passkey'), { response }, userAnswerSchema);
  return syncedUser(user);
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => setSessionUserWithSecondFactor(queryClient, user, true),
  });
}
