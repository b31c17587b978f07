import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import type { ReturnRequest } from '../../../../domain/returns';
import { apiUrl, sendJson } from '../../../api/http';
import { userKeys } from '../../../api/query-keys';

/** `POST /api/cart/order/{idPayment}/returns`: the shopper asks to send pairs back; answers the order. */
export function useAskReturn(idPayment: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReturnRequest) =>
      sendJson('POST', apiUrl(`/cart/order/${encodeURIComponent(idPayment)}/returns`), request, orderSchema),
    onSuccess: (order) => queryClient.setQueryData(userKeys.order(idPayment), order),
  });
}
