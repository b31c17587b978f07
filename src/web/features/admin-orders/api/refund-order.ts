import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import type { RefundRequest } from '../../../../domain/refunds';
import { ApiError, apiErrorFrom, apiUrl } from '../../../api/http';
import { adminKeys, catalogKeys, userKeys } from '../../../api/query-keys';
import { MESSAGES } from '../../../../domain/messages';

/**
 * `POST /api/cart/order/{idPayment}/refunds` (staff), with one Idempotency-Key per refund the
 * form prepares: pressing again, or again after a timeout, is the same refund, never a second one.
 */
async function refundOrder(idPayment: string, request: RefundRequest, key: string) {
  let response: Response;
  try {
    response = await fetch(apiUrl(`/cart/order/${encodeURIComponent(idPayment)}/refunds`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiError(0, 'network', MESSAGES.common.somethingWrong);
  }
  if (!response.ok)
    throw apiErrorFrom(response.status, response.statusText, await response.text().catch(() => ''));
  return orderSchema.parse(await response.json());
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
