import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { credentialsSchema, User } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { userAnswerSchema } from '../../../../domain/contracts/answers';
import { syncedUser } from '../../../api/sync-user';
import { setSessionUser } from '../../../api/use-session';

/** `POST /api/account/sign-up` (which also signs in), then the user sync. 409 'Email already in use'. */
export async function signUp(credentials: z.output<typeof credentialsSchema>): Promise<User> {
  const { user } = await sendJson('POST', apiUrl('/account/sign-up'), credentials, userAnswerSchema);
  return syncedUser(user);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
