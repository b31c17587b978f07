import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderStatus } from '../../domain/constants';
import { apiUrl, sendJson } from './http';
import { adminKeys, userKeys } from './query-keys';

/** The server answers the updated order; a `message` beside it is shown when present. */
const answerSchema = z.object({ message: z.string().optional() });

export interface OrderStatusInput {
  idPayment: string;
  status: OrderStatus;
}

/** Spec §4: Pending becomes Received, any other value becomes Pending. */
export function nextOrderStatus(status: OrderStatus): OrderStatus {
  return status === 'Pending' ? 'Received' : 'Pending';
}

/** `PUT /api/cart/order/{idPayment}` `{status}` (admin). */
export function setOrderStatus({ idPayment, status }: OrderStatusInput) {
  return sendJson('PUT', apiUrl(`/cart/order/${encodeURIComponent(idPayment)}`), { status }, answerSchema);
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
