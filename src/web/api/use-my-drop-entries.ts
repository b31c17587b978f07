import { useQuery } from '@tanstack/react-query';
import { myEntryListAnswerSchema } from '../../domain/contracts/drops';
import { dropUrls } from '../../domain/drop-urls';
import { getData } from './http';
import { userKeys } from './query-keys';

/** `GET /api/account/drop-entries`: the signed-in shopper's entries with their outcomes, newest first. */
export function useMyDropEntries({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: userKeys.dropEntries,
    queryFn: ({ signal }) => getData(dropUrls.myEntries(), myEntryListAnswerSchema, signal),
    enabled,
    // The server renders pages without the visitor's cookies: the browser asks.
    meta: { perVisitor: true },
    staleTime: 0,
  });
}
