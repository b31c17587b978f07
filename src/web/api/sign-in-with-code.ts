import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../domain/account';
import { userAnswerSchema } from '../../domain/contracts/answers';
import type { twoFactorCodeSchema } from '../../domain/two-factor';
import { apiUrl, sendJson } from './http';
import { syncedUser } from './sync-user';
import { setSessionUserWithSecondFactor } from './use-session';

/** `POST /api/account/sign-in/two-factor`: the sign-in's second step, an authenticator or recovery code. */
export async function signInWithCode(input: z.output<typeof twoFactorCodeSchema>): Promise<User> {
  return syncedUser(
    (await sendJson('POST', apiUrl('/account/sign-in/two-factor'), input, userAnswerSchema)).user,
  );
}

export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    // A session that began with a code: the admin panel may open.
    onSuccess: (user) => setSessionUserWithSecondFactor(queryClient, user, true),
  });
}
