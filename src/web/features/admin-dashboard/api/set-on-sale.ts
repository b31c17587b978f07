import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shoeAnswerSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys } from '../../../api/query-keys';

export interface OnSaleInput {
  shoeId: string;
  onSale: boolean;
}

/** `PUT /api/admin/onsale/{id}` `{onSale}` (admin): answers a message and the updated shoe. */
export function setOnSale({ shoeId, onSale }: OnSaleInput) {
  return sendJson('PUT', apiUrl(`/admin/onsale/${encodeURIComponent(shoeId)}`), { onSale }, shoeAnswerSchema);
}

export function useSetOnSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOnSale,
    // The storefront's sale carousel, /sale and badges change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
