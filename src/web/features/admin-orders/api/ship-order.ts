import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '../../../../domain/payment';
import type { ShipmentRequest } from '../../../../domain/shipping';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, userKeys } from '../../../api/query-keys';

/** `PUT /api/cart/order/{idPayment}/shipment` (staff): the order, shipped. */
export function useShipOrder(idPayment: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipment: ShipmentRequest) =>
      sendJson('PUT', apiUrl(`/cart/order/${encodeURIComponent(idPayment)}/shipment`), shipment, orderSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.orders }),
      ]),
  });
}
