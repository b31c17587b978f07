import { useQuery } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import { apiUrl, getData, isNotFound } from '../../../api/http';
import { userKeys } from '../../../api/query-keys';

/**
 * `GET /api/cart/order/{idPayment}`: one of the signed-in user's orders. A 404 (unknown, or
 * someone else's) is an answer, not a reason to retry. The order leaves the cache once its
 * page is left (spec §2: "clears it on leaving").
 */
export function useOrder(idPayment: string) {
  return useQuery({
    queryKey: userKeys.order(idPayment),
    queryFn: ({ signal }) =>
      getData(apiUrl(`/cart/order/${encodeURIComponent(idPayment)}`), orderSchema, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    gcTime: 0,
  });
}
