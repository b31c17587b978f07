import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageAndUserAnswerSchema } from '../../domain/contracts/answers';
import type { confirmTwoFactorSchema } from '../../domain/two-factor';
import { apiUrl, sendJson } from './http';
import { setSessionUserWithSecondFactor } from './use-session';

/** `POST /api/account/two-factor/confirm`: the first code turns it on (and the session is renewed). */
export function confirmTwoFactor(input: z.output<typeof confirmTwoFactorSchema>) {
  return sendJson('POST', apiUrl('/account/two-factor/confirm'), input, messageAndUserAnswerSchema);
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // The renewed session began with a code: the admin panel may open.
    onSuccess: ({ user }) => setSessionUserWithSecondFactor(queryClient, user, true),
  });
}
