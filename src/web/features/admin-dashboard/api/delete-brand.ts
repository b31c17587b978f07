import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys } from '../../../api/query-keys';

/** `DELETE /api/brands/{id}` (admin): 'Deleted!', or 409 while the brand still has shoes. */
export function deleteBrand(brandId: string) {
  return sendJson('DELETE', apiUrl(`/brands/${encodeURIComponent(brandId)}`), undefined, messageSchema);
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    // The header's BRANDS menu reads the catalogue's brand list.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
