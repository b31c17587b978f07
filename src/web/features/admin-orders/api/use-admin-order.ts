import { useQuery } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import { apiUrl, getData, isNotFound } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/**
 * `GET /api/cart/order/{idPayment}` for the admin's /orders page: any customer's order.
 * A 404 is an answer ('Order not found'), not a reason to retry.
 */
export function useAdminOrder(idPayment: string) {
  return useQuery({
    queryKey: adminKeys.order(idPayment),
    queryFn: ({ signal }) =>
      getData(apiUrl(`/cart/order/${encodeURIComponent(idPayment)}`), orderSchema, signal),
    enabled: idPayment.length > 0,
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}
