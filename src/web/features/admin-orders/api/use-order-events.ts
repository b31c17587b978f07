import { useQuery } from '@tanstack/react-query';
import { orderEventListSchema } from '../../../../domain/contracts/checkout';
import { apiUrl, getData } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/cart/order/{idPayment}/events` (staff): the order's audit trail. */
export function useOrderEvents(idPayment: string) {
  return useQuery({
    queryKey: [...adminKeys.order(idPayment), 'events'] as const,
    queryFn: ({ signal }) =>
      getData(apiUrl(`/cart/order/${encodeURIComponent(idPayment)}/events`), orderEventListSchema, signal),
  });
}
