import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { credentialsSchema } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { syncedUser } from '../../../api/sync-user';
import { setSessionUser } from '../../../api/use-session';
import { userAnswerSchema } from '../../../../domain/contracts/answers';
import { signInAnswerSchema } from '../../../../domain/contracts/two-factor';

type Credentials = z.output<typeof credentialsSchema>;

export type CredentialsOutcome = 'signed-in' | 'second-step';

/*
 * Signing in (`POST /api/account/sign-in`) or up (`/account/sign-up`, which also signs in) is
 * followed by the spec's user sync, and the user goes in the session cache: the header and guards
 * follow at once. They throw an ApiError: 404 'User not found', 401 'Wrong Password', 403 disabled,
 * 409 'Email already in use', 400 validation, 429.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<CredentialsOutcome> => {
      const { user } = await sendJson('POST', apiUrl('/account/sign-up'), credentials, userAnswerSchema);
      setSessionUser(queryClient, await syncedUser(user));
      return 'signed-in';
    },
  });
}

/**
 * With two-step sign-in on, the right password answers `second-step`: the session begins only with
 * the code (useSignInWithCode), within 10 minutes.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<CredentialsOutcome> => {
      const answer = await sendJson('POST', apiUrl('/account/sign-in'), credentials, signInAnswerSchema);
      if ('twoFactorRequired' in answer) return 'second-step';
      setSessionUser(queryClient, await syncedUser(answer.user));
      return 'signed-in';
    },
  });
}
