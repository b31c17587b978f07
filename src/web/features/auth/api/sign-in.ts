import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { credentialsSchema, User } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { setSessionUser } from '../../../api/use-session';
import { syncedUser } from '../../../api/sync-user';
import { userAnswerSchema } from '../../../../domain/contracts/answers';

/**
 * `POST /api/account/sign-in`, then the spec's user sync. Throws an ApiError:
 * 404 'User not found', 401 'Wrong Password', 403 disabled, 400 validation, 429.
 */
export async function signIn(credentials: z.output<typeof credentialsSchema>): Promise<User> {
  const { user } = await sendJson('POST', apiUrl('/account/sign-in'), credentials, userAnswerSchema);
  return syncedUser(user);
}

/** Signs in and puts the user in the session cache (the header and guards follow at once). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
