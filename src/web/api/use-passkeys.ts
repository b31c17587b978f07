import { useQuery } from '@tanstack/react-query';
import { passkeyListSchema } from '../../domain/passkeys';
import { apiUrl, getData } from './http';
import { userKeys } from './query-keys';

/** `GET /api/account/passkeys`: the signed-in user's passkeys. */
export function usePasskeys() {
  return useQuery({
    queryKey: userKeys.passkeys,
    queryFn: ({ signal }) => getData(apiUrl('/account/passkeys'), passkeyListSchema, signal),
  });
}
