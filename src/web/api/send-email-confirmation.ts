import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailConfirmationAnswerSchema, type EmailConfirmationAnswer } from '../../domain/contracts/accounts';
import { apiUrl, sendJson } from './http';
import { sessionKey } from './query-keys';

/**
 * `POST /api/account/verify-email/send`: mails the signed-in user a new link that confirms their
 * address. Throws an ApiError: 401 signed out, 429 after 3 in 10 minutes.
 */
export function sendEmailConfirmation(): Promise<EmailConfirmationAnswer> {
  return sendJson('POST', apiUrl('/account/verify-email/send'), {}, emailConfirmationAnswerSchema);
}

export function useSendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmailConfirmation,
    // Confirmed meanwhile (the link opened on another device): the session says so from now on.
    onSuccess: ({ emailVerified }) => {
      if (emailVerified) void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
