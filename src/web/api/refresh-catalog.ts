import type { QueryClient } from '@tanstack/react-query';
import type { Shoe } from '../../domain/catalog';
import { adminKeys, catalogKeys } from './query-keys';

/**
 * After an admin changed the catalogue (a shoe, its stock, a brand, a sale), everything that
 * shows it is asked for again: the storefront's lists, the header's BRANDS menu, the admin
 * tables. A changed shoe the server sent back shows at once, the rest refreshes behind it.
 */
export function refreshCatalog(queryClient: QueryClient, changed?: Shoe): Promise<unknown> {
  if (changed) queryClient.setQueryData(catalogKeys.shoe(changed._id), changed);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  ]);
}
