import { useQuery } from '@tanstack/react-query';
import {
  savedAddressAnswerSchema,
  savedAddressListSchema,
  type SavedAddress,
} from '../../domain/contracts/addresses';
import type { DeliveryAddress } from '../../domain/forms';
import { apiUrl, getData, sendJson } from './http';

/**
 * The signed-in user's saved delivery addresses (issue 31 item 4), read by /account and by /cart.
 * Under `user`, so signing out drops them with the user's other queries (query-keys.ts).
 */
export const savedAddressesKey = ['user', 'addresses'] as const;

/** `GET /api/account/addresses`: the default first. Only asked while someone is signed in. */
export function useSavedAddresses(enabled = true) {
  return useQuery({
    queryKey: savedAddressesKey,
    queryFn: ({ signal }) => getData(apiUrl('/account/addresses'), savedAddressListSchema, signal),
    enabled,
  });
}

/** `POST /api/account/addresses`: the message to show and the address saved. */
export function saveAddress(address: DeliveryAddress) {
  return sendJson('POST', apiUrl('/account/addresses'), address, savedAddressAnswerSchema);
}

/** A saved address as the delivery form's fields hold it (empty for what was not given). */
export function addressFieldsOf(address: SavedAddress) {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    phone: address.phone ?? '',
  };
}
