import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entryAnswerSchema, queueAnswerSchema, type QueueAnswer } from '../../../../domain/contracts/drops';
import { dropUrls } from '../../../../domain/drop-urls';
import type { DropEntryForm } from '../../../../domain/drops';
import { ApiError, getData, isNotFound, lazySchema, sendJson } from '../../../api/http';
import { userKeys } from '../../../api/query-keys';
import { timed, type Timed } from '../../../components/drops/use-server-now';
import { nextQueueReadIn } from '../queue-clock';

const queueSchema = lazySchema((schemas) => schemas.dropQueue);

/** The shopper's place, or null when they have not joined (the server's 404 `not_queued`). */
async function readQueue(dropId: string, signal: AbortSignal): Promise<QueueAnswer | null> {
  try {
    return await getData(dropUrls.queue(dropId), queueSchema, signal);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * `GET /api/drops/{id}/queue`: where the shopper's place stands (the place travels in a cookie, so a
 * reload keeps it), with when it arrived for the countdowns. Read again when the server says to
 * (`pollAfterSeconds`: sooner as the admission nears), never once the answer is final, and not at
 * all before the shopper joins.
 */
export function useQueue(dropId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: userKeys.dropQueue(dropId),
    queryFn: ({ signal }) => timed(readQueue(dropId, signal)),
    enabled,
    // The server renders pages without the visitor's cookies: the browser asks.
    meta: { perVisitor: true },
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    refetchInterval: (query) => {
      const answer = query.state.data?.answer;
      return answer ? nextQueueReadIn(answer) : false;
    },
  });
}

/** `POST /api/drops/{id}/queue`: a place (or the one the cookie already holds), kept as the read's answer. */
export function useJoinQueue(dropId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => timed(sendJson('POST', dropUrls.queue(dropId), undefined, queueAnswerSchema)),
    onSuccess: (joined: Timed<QueueAnswer>) => {
      queryClient.setQueryData<Timed<QueueAnswer | null>>(userKeys.dropQueue(dropId), joined);
    },
  });
}

/** `POST /api/drops/{id}/purchase`: the server's message and the purchase, or an ApiError with its reason. */
export function purchaseDropPair(dropId: string, form: DropEntryForm) {
  return sendJson('POST', dropUrls.purchase(dropId), form, entryAnswerSchema);
}
