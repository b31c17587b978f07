import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type displayNameSchema } from '../../domain/account';
import { apiUrl, sendJson } from './http';
import { setSessionUser } from './use-session';

const answerSchema = z.object({ message: z.string(), user: userSchema });

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
