import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '../../../../domain/account';
import {
  emailConfirmationAnswerSchema,
  type EmailConfirmationAnswer,
} from '../../../../domain/contracts/accounts';
import { apiUrl, sendJson } from '../../../api/http';
import { sessionKey } from '../../../api/query-keys';

/**
 * `POST /api/account/verify-email` with the token of the mailed link: the address is confirmed
 * (or was already). 400 `invalid_token` for an expired or altered link (the message says so).
 */
export function confirmEmail(input: VerifyEmailInput): Promise<EmailConfirmationAnswer> {
  return sendJson('POST', apiUrl('/account/verify-email'), input, emailConfirmationAnswerSchema);
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The link may be this browser's own account: its session shows the address confirmed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
