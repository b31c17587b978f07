import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteAccountSchema } from '../../../../domain/account';
import { messageAnswerSchema } from '../../../../domain/contracts/answers';
import { apiUrl, sendJson } from '../../../api/http';

/** `POST /api/account/delete`: the account deleted (sessions ended); 400 'Wrong Password' on the field. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: z.output<typeof deleteAccountSchema>) =>
      (await sendJson('POST', apiUrl('/account/delete'), input, messageAnswerSchema)).message,
  });
}

/** `GET /api/account/data`: the download's address (a plain link: the browser saves the file). */
export const yourDataUrl = () => apiUrl('/account/data');
