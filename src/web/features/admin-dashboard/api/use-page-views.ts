import { useQuery } from '@tanstack/react-query';
import { pageViewsSchema } from '../../../../domain/analytics';
import { apiUrl, getData } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/admin/page-views`: views in total, per day of the last 30, and the top routes (admin). */
export function usePageViews() {
  return useQuery({
    queryKey: adminKeys.pageViews,
    queryFn: ({ signal }) => getData(apiUrl('/admin/page-views'), pageViewsSchema, signal),
  });
}
