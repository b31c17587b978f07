import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageAnswerSchema } from '../../domain/contracts/answers';
import { apiUrl, sendJson } from './http';
import { sessionKey, userKeys } from './query-keys';

/** `DELETE /api/account/passkeys/{id}`: answers the message to show. */
export async function removePasskey(id: string): Promise<string> {
  const url = apiUrl(`/account/passkeys/${encodeURIComponent(id)}`);
  return (await sendJson('DELETE', url, undefined, messageAnswerSchema)).message;
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.passkeys });
      // The user's passkey count (a second factor for staff) comes with the session.
      void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
    },
  });
}
