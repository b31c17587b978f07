import { useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '../../../../domain/admin';
import { apiUrl, getData } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/admin/stats`: orders, pairs sold, sales, sales per day and best sellers (admin). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => getData(apiUrl('/admin/stats'), adminStatsSchema, signal),
  });
}
