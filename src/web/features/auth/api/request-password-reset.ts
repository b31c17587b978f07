import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgetPasswordSchema } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswerSchema as messageSchema } from '../../../../domain/contracts/answers';

/** `POST /api/account/forget`: mails a reset link; answers 'Email send', or 404 'User not found'. */
export async function requestPasswordReset(input: z.output<typeof forgetPasswordSchema>): Promise<string> {
  return (await sendJson('POST', apiUrl('/account/forget'), input, messageSchema)).message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
