import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswerSchema as messageSchema } from '../../../../domain/contracts/answers';

/**
 * `PUT /api/account/password`: answers 'Password Updated' and ends the account's other
 * sessions; 400 'Wrong Password' (on the `currentPassword` field) when the current one is wrong.
 */
export async function changePassword(input: z.output<typeof changePasswordSchema>): Promise<string> {
  return (await sendJson('PUT', apiUrl('/account/password'), input, messageSchema)).message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
