import { useQuery } from '@tanstack/react-query';
import { apiUrl, getData } from '../../../api/http';
import { userKeys } from '../../../api/query-keys';
import { orderListAnswerSchema as ordersSchema } from '../../../../domain/contracts/checkout';

/**
 * `GET /api/cart/{userId}`: the user's orders, newest first. Pass `enabled: false` to wait
 * (e.g. until SHOW ORDERS is pressed); a missing `userId` never fetches.
 */
export function useUserOrders(userId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.userOrders(userId ?? ''),
    queryFn: ({ signal }) =>
      getData(apiUrl(`/cart/${encodeURIComponent(userId ?? '')}`), ordersSchema, signal),
    enabled: enabled && Boolean(userId),
  });
}
