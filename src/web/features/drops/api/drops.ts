import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryAnswerSchema } from '../../../../domain/contracts/drops';
import { dropUrls } from '../../../../domain/drop-urls';
import type { DropEntryForm } from '../../../../domain/drops';
import { getData, isNotFound, lazySchema, sendJson } from '../../../api/http';
import { dropKeys } from '../../../api/query-keys';
import { nextReadIn } from '../../../components/drops/drop-clock';
import { timed } from '../../../components/drops/use-server-now';

const dropSchema = lazySchema((schemas) => schemas.drop);
const resultSchema = lazySchema((schemas) => schemas.dropResult);

/**
 * `GET /api/drops/{id}`, with when it arrived (the countdown runs on the server's clock), read again
 * when its phase changes: at the opening the page turns into the entry form by itself, at the close
 * into the draw.
 */
export function dropQuery(id: string) {
  return queryOptions({
    queryKey: dropKeys.drop(id),
    queryFn: ({ signal }) => timed(getData(dropUrls.drop(id), dropSchema, signal)),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    refetchInterval: (query) => (query.state.data ? nextReadIn(query.state.data.answer) : false),
  });
}

export function useDrop(id: string) {
  return useQuery(dropQuery(id));
}

/** `GET /api/drops/{id}/result`: every entry id with its size and outcome, once the draw started. */
export function useDropResult(id: string, { enabled, drawn }: { enabled: boolean; drawn: boolean }) {
  return useQuery({
    queryKey: [...dropKeys.result(id), drawn ? 'drawn' : 'drawing'],
    queryFn: ({ signal }) => getData(dropUrls.result(id), resultSchema, signal),
    enabled,
  });
}

/** `POST /api/drops/{id}/entries`: the server's message and the entry, or an ApiError with its reason. */
export function enterDrop(id: string, form: DropEntryForm) {
  return sendJson('POST', dropUrls.entries(id), form, entryAnswerSchema);
}
