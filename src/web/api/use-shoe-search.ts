import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Shoe } from '../../domain/catalog';
import { SEARCH_LIMIT } from '../../domain/constants';
import { apiUrl, getJson, lazySchema } from './http';
import { catalogKeys } from './query-keys';

const searchAnswerSchema = lazySchema((schemas) => schemas.searchAnswer);

/** Spec §2: the search answers a list, or a text message that is shown instead of one. */
export type SearchResult = { kind: 'shoes'; shoes: Shoe[] } | { kind: 'message'; message: string };

/** The matches in a few words for screen readers, instead of the whole list at every keystroke. */
export function searchSummary(result: SearchResult | undefined): string {
  if (!result) return '';
  if (result.kind === 'message') return result.message;
  return `${result.shoes.length} ${result.shoes.length === 1 ? 'shoe' : 'shoes'} found`;
}

/** `GET /api/shoes?name=`; idle while `name` is empty. */
export function useShoeSearch(name: string) {
  return useQuery({
    queryKey: catalogKeys.search(name),
    queryFn: async ({ signal }): Promise<SearchResult> => {
      const { data } = await getJson(
        apiUrl('/shoes', { name, limit: SEARCH_LIMIT }),
        searchAnswerSchema,
        signal,
      );
      return Array.isArray(data)
        ? { kind: 'shoes', shoes: data }
        : { kind: 'message', message: data.message };
    },
    enabled: name.length > 0,
    // Typing refines the list in place instead of flashing a spinner between keystrokes.
    placeholderData: keepPreviousData,
  });
}
