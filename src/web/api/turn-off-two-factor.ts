import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordAgainSchema } from '../../domain/account';
import { messageAndUserAnswerSchema } from '../../domain/contracts/answers';
import { apiUrl, sendJson } from './http';
import { setSessionUserWithSecondFactor } from './use-session';

/** `POST /api/account/two-factor/disable` with the password. */
export function turnOffTwoFactor(input: z.output<typeof passwordAgainSchema>) {
  return sendJson('POST', apiUrl('/account/two-factor/disable'), input, messageAndUserAnswerSchema);
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: ({ user }) => setSessionUserWithSecondFactor(queryClient, user, false),
  });
}
