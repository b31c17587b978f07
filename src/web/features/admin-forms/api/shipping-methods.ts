import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  shippingMethodAnswerSchema,
  shippingMethodListSchema,
  type ShippingMethodForm,
} from '../../../../domain/contracts/shipping-and-tax';
import { apiUrl, getData, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

const url = (id?: string) =>
  apiUrl(id ? `/admin/shipping-methods/${encodeURIComponent(id)}` : '/admin/shipping-methods');

/** `GET /api/admin/shipping-methods`: every method, retired ones too, in the cart's order. */
export function useShippingMethods() {
  return useQuery({
    queryKey: adminKeys.shippingMethods,
    queryFn: ({ signal }) => getData(url(), shippingMethodListSchema, signal),
  });
}

/** Every change re-reads the list (its order and the others' places may have moved). */
function useChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.shippingMethods }),
  });
}

/** `POST /api/admin/shipping-methods`, or `PUT /api/admin/shipping-methods/{id}` when editing. */
export const useSaveShippingMethod = (id: string | undefined) =>
  useChange((form: ShippingMethodForm) =>
    sendJson(id ? 'PUT' : 'POST', url(id), form, shippingMethodAnswerSchema),
  );

/** `PUT /api/admin/shipping-methods/{id}/active`: retire a method or offer it again. */
export const useSetShippingMethodActive = () =>
  useChange(({ id, active }: { id: string; active: boolean }) =>
    sendJson('PUT', `${url(id)}/active`, { active }, shippingMethodAnswerSchema),
  );

/** `PUT /api/admin/shipping-methods/order`: every id, in the new order. */
export const useOrderShippingMethods = () =>
  useChange((ids: string[]) =>
    sendJson('PUT', apiUrl('/admin/shipping-methods/order'), { ids }, shippingMethodListSchema),
  );

/** `DELETE /api/admin/shipping-methods/{id}`. */
export const useDeleteShippingMethod = () =>
  useChange((id: string) => sendJson('DELETE', url(id), undefined, shippingMethodListSchema));
