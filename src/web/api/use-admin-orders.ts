import { PAGE_SIZE } from '../../domain/constants';
import { adminKeys } from './query-keys';
import { useAdminPage } from './use-admin-page';
import { orderListAnswerSchema as ordersSchema } from '../../domain/contracts/checkout';

/**
 * `GET /api/cart?q&offset&limit`: every customer's orders, newest first, searched by email or
 * idPayment (admin). `limit` defaults to the dashboard's page size; /orders asks for more.
 */
export function useAdminOrders(q: string, offset: number, limit: number = PAGE_SIZE.adminOrders) {
  return useAdminPage([...adminKeys.orders(q, offset), limit], '/cart', { q, offset, limit }, ordersSchema);
}
