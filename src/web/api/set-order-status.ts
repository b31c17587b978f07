import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../domain/constants';
import { orderSchema } from '../../domain/payment';
import { apiUrl, sendJson } from './http';
import { adminKeys, userKeys } from './query-keys';

export interface OrderStatusInput {
  idPayment: string;
  status: OrderStatus;
}

/** `PUT /api/cart/order/{idPayment}` `{status}` (admin): answers the updated order. */
export function setOrderStatus({ idPayment, status }: OrderStatusInput) {
  return sendJson('PUT', apiUrl(`/cart/order/${encodeURIComponent(idPayment)}`), { status }, orderSchema);
}

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        // The admin may be looking at their own order elsewhere (/order/{idPayment}).
        queryClient.invalidateQueries({ queryKey: userKeys.orders }),
      ]),
  });
}
