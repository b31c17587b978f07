import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import type { RefundRequest } from '../../../../domain/refunds';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys, userKeys } from '../../../api/query-keys';

/**
 * `POST /api/cart/order/{idPayment}/refunds` (staff), with one Idempotency-Key per refund the
 * form prepares: pressing again, or again after a timeout, is the same refund, never a second one.
 * No answer at all throws an ApiError with status 0, which the form reads as "outcome unknown".
 */
function refundOrder(idPayment: string, request: RefundRequest, key: string) {
  return sendJson(
    'POST',
    apiUrl(`/cart/order/${encodeURIComponent(idPayment)}/refunds`),
    request,
    orderSchema,
    { headers: { 'Idempotency-Key': key } },
  );
}

export function useRefundOrder(idPayment: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: RefundRequest; key: string }) =>
      refundOrder(idPayment, request, key),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.orders }),
        // Pairs put back in stock show in the catalogue.
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
