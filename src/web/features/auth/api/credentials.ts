import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { credentialsSchema, User } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { syncedUser } from '../../../api/sync-user';
import { setSessionUser } from '../../../api/use-session';
import { userAnswerSchema } from '../../../../domain/contracts/answers';

type Credentials = z.output<typeof credentialsSchema>;

/**
 * Signs in (`POST /api/account/sign-in`) or up (`/account/sign-up`, which also signs in), then
 * the spec's user sync, and puts the user in the session cache: the header and guards follow at
 * once. Throws an ApiError: 404 'User not found', 401 'Wrong Password', 403 disabled,
 * 409 'Email already in use', 400 validation, 429.
 */
function useCredentials(path: '/account/sign-in' | '/account/sign-up') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<User> => {
      const { user } = await sendJson('POST', apiUrl(path), credentials, userAnswerSchema);
      return syncedUser(user);
    },
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export function useSignIn() {
  return useCredentials('/account/sign-in');
}

export function useSignUp() {
  return useCredentials('/account/sign-up');
}
