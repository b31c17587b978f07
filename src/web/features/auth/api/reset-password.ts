import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordSchema } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { sessionKey } from '../../../api/query-keys';
import { messageAnswerSchema as messageSchema } from '../../../../domain/contracts/answers';

/**
 * `POST /api/account/reset-password` with the token of the mailed link. 400 `invalid_token`
 * for an expired or used link (the message says so).
 */
export async function resetPassword(input: z.output<typeof resetPasswordSchema>): Promise<string> {
  return (await sendJson('POST', apiUrl('/account/reset-password'), input, messageSchema)).message;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session of the account, maybe this browser's too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
