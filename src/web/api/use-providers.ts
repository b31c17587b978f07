import { useQuery } from '@tanstack/react-query';
import { apiUrl, getData } from './http';
import { providersKey } from './query-keys';
import { providersAnswerSchema as providersSchema } from '../../domain/contracts/accounts';

/** `GET /api/account/providers`: whether Google sign-in is configured (it does not change while we run). */
export function useProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) => getData(apiUrl('/account/providers'), providersSchema, signal),
    staleTime: Infinity,
  });
}
