import { useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '../../../../domain/admin';
import { apiUrl, getJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/admin/stats`: orders, pairs sold, sales, sales per day and best sellers (admin). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: async ({ signal }) => (await getJson(apiUrl('/admin/stats'), adminStatsSchema, signal)).data,
  });
}
