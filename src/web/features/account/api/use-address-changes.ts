import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressAnswerSchema } from '../../../../domain/contracts/addresses';
import { messageAnswerSchema } from '../../../../domain/contracts/answers';
import type { DeliveryAddress } from '../../../../domain/forms';
import { apiUrl, sendJson } from '../../../api/http';
import { saveAddress, savedAddressesKey } from '../../../api/saved-addresses';

const addressUrl = (id: string, rest = '') => apiUrl(`/account/addresses/${encodeURIComponent(id)}${rest}`);

/**
 * The account page's changes to saved addresses; each answers the message to show, and the list is
 * read again after any of them (a delete or a new default changes the other cards too).
 */
export function useAddressChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedAddressesKey });
  return {
    /** `POST /api/account/addresses`. */
    add: useMutation({
      mutationFn: async (address: DeliveryAddress) => (await saveAddress(address)).message,
      onSettled,
    }),
    /** `PUT /api/account/addresses/{id}`. */
    update: useMutation({
      mutationFn: async ({ id, address }: { id: string; address: DeliveryAddress }) =>
        (await sendJson('PUT', addressUrl(id), address, savedAddressAnswerSchema)).message,
      onSettled,
    }),
    /** `PUT /api/account/addresses/{id}/default`. */
    makeDefault: useMutation({
      mutationFn: async (id: string) =>
        (await sendJson('PUT', addressUrl(id, '/default'), {}, savedAddressAnswerSchema)).message,
      onSettled,
    }),
    /** `DELETE /api/account/addresses/{id}`. */
    remove: useMutation({
      mutationFn: async (id: string) =>
        (await sendJson('DELETE', addressUrl(id), undefined, messageAnswerSchema)).message,
      onSettled,
    }),
  };
}

export type AddressChanges = ReturnType<typeof useAddressChanges>;
