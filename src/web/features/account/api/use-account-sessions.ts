import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageAnswerSchema } from '../../../../domain/contracts/answers';
import { accountSessionListSchema, endedSessionsSchema } from '../../../../domain/contracts/sessions';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { userKeys } from '../../../api/query-keys';

/** `GET /api/account/sessions`: the signed-in user's sessions, the most recently used first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: userKeys.sessions,
    queryFn: ({ signal }) => getData(apiUrl('/account/sessions'), accountSessionListSchema, signal),
  });
}

/** `DELETE /api/account/sessions/{id}`, or with no id `POST .../sign-out-others`: devices signed out. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | undefined) =>
      id === undefined
        ? (await sendJson('POST', apiUrl('/account/sessions/sign-out-others'), {}, endedSessionsSchema))
            .message
        : (
            await sendJson(
              'DELETE',
              apiUrl(`/account/sessions/${encodeURIComponent(id)}`),
              undefined,
              messageAnswerSchema,
            )
          ).message,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions }),
  });
}
