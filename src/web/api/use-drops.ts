import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropUrls } from '../../domain/drop-urls';
import { nextListReadIn } from '../components/drops/drop-clock';
import { timed } from '../components/drops/use-server-now';
import { getData, lazySchema } from './http';
import { dropKeys } from './query-keys';

const dropListSchema = lazySchema((schemas) => schemas.dropList);

/**
 * `GET /api/drops` (or one shoe's, `?shoe=`): drops not long over, soonest first, with when they
 * arrived (their countdowns run on the server's clock); read again when one of them changes phase.
 */
export function dropListQuery(shoeId?: string) {
  return queryOptions({
    queryKey: dropKeys.list(shoeId),
    queryFn: ({ signal }) => timed(getData(dropUrls.list(shoeId), dropListSchema, signal)),
    refetchInterval: (query) => nextListReadIn(query.state.data?.answer),
  });
}

export function useDrops(shoeId?: string) {
  return useQuery(dropListQuery(shoeId));
}
