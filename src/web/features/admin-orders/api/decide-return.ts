import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnAnswerSchema } from '../../../../domain/contracts/returns';
import type { ReturnDecision } from '../../../../domain/returns';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys, userKeys } from '../../../api/query-keys';

/**
 * `POST /api/admin/returns/{id}/decision` (staff): approved (a refund of its pairs) or rejected with
 * a message. Sending the approval again confirms the same refund, never a second one.
 */
export function useDecideReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReturnDecision }) =>
      sendJson(
        'POST',
        apiUrl(`/admin/returns/${encodeURIComponent(id)}/decision`),
        decision,
        returnAnswerSchema,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.orders }),
        // Pairs put back in stock show in the catalogue.
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
