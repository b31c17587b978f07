import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type displayNameSchema } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { setSessionUser } from '../../../api/use-session';
import { messageAndUserAnswerSchema as answerSchema } from '../../../../domain/contracts/answers';

/** `PUT /api/account/name`: answers 'Name Updated' and the updated user. */
export function updateName(input: z.output<typeof displayNameSchema>) {
  return sendJson('PUT', apiUrl('/account/name'), input, answerSchema);
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
