import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../domain/constants';
import { type Order } from '../../domain/payment';
import { apiUrl, getJson } from './http';
import { adminKeys } from './query-keys';
import type { AdminPage } from './admin-page';
import { orderListAnswerSchema as ordersSchema } from '../../domain/contracts/checkout';

/**
 * `GET /api/cart?q&offset&limit`: every customer's orders, newest first, searched by email or
 * idPayment (admin). `limit` defaults to the dashboard's page size; /orders asks for more.
 */
export function useAdminOrders(q: string, offset: number, limit: number = PAGE_SIZE.adminOrders) {
  return useQuery({
    queryKey: [...adminKeys.orders(q, offset), limit],
    queryFn: async ({ signal }): Promise<AdminPage<Order>> => {
      const { data, total } = await getJson(apiUrl('/cart', { q, offset, limit }), ordersSchema, signal);
      return { items: data, total: total ?? data.length };
    },
    placeholderData: keepPreviousData,
  });
}
