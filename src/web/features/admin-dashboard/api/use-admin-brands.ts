import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Brand } from '../../../../domain/catalog';
import { PAGE_SIZE } from '../../../../domain/constants';
import { apiUrl, getJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';
import type { AdminPage } from '../../../api/admin-page';
import { brandListAnswerSchema as brandsSchema } from '../../../../domain/contracts/catalog';

/** `GET /api/brands?q&offset&limit`: one page of the brands table, searched by name. */
export function useAdminBrands(q: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.brands(q, offset),
    queryFn: async ({ signal }): Promise<AdminPage<Brand>> => {
      const { data, total } = await getJson(
        apiUrl('/brands', { q, offset, limit: PAGE_SIZE.adminBrands }),
        brandsSchema,
        signal,
      );
      return { items: data, total: total ?? data.length };
    },
    placeholderData: keepPreviousData,
  });
}
