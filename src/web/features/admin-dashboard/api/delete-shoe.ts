import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys } from '../../../api/query-keys';

/** `DELETE /api/shoes/{id}` (admin): answers 'Deleted!'. */
export function deleteShoe(shoeId: string) {
  return sendJson('DELETE', apiUrl(`/shoes/${encodeURIComponent(shoeId)}`), undefined, messageSchema);
}

export function useDeleteShoe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShoe,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
