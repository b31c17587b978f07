import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl } from './http';
import { fetchPage } from './page';

interface AdminPageRequest {
  /** The search text. */
  q: string;
  offset: number;
  limit: number;
  /** Whatever else narrows the list (the codes table's `personal`). */
  [filter: string]: string | number;
}

/**
 * One page of an admin list, `GET /api{path}?q&offset&limit` and the list's own filters. Paging and
 * typing keep the rows on screen until the next page arrives, instead of flashing an empty table.
 */
export function useAdminPage<T>(
  queryKey: QueryKey,
  path: string,
  request: AdminPageRequest,
  schema: z.ZodType<T[]>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPage(apiUrl(path, request), schema, signal),
    placeholderData: keepPreviousData,
  });
}
