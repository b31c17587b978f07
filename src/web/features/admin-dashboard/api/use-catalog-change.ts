import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCatalog } from '../../../api/refresh-catalog';

/**
 * A change to the catalogue made from a dashboard table (delete, on sale). Once it has settled,
 * done or refused, the catalogue is refreshed, so the rows show what the server now holds.
 */
export function useCatalogChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshCatalog(queryClient) });
}
