import { PAGE_SIZE } from '../../../../domain/constants';
import { adminKeys } from '../../../api/query-keys';
import { useAdminPage } from '../../../api/use-admin-page';
import { brandListAnswerSchema as brandsSchema } from '../../../../domain/contracts/catalog';

/** `GET /api/brands?q&offset&limit`: one page of the brands table, searched by name. */
export function useAdminBrands(q: string, offset: number) {
  const request = { q, offset, limit: PAGE_SIZE.adminBrands };
  return useAdminPage(adminKeys.brands(q, offset), '/brands', request, brandsSchema);
}
