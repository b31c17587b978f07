import { useCallback, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search text and page of a searchable list (the admin tables, the orders page). The
 * request follows the text once typing pauses; a new search starts on the first page (spec §4:
 * the page resets when the filter changes), even one typed back to an earlier text. The
 * offset remembers which search it belongs to, so a page chosen for one search never carries
 * over to another, and the reset needs no effect.
 */
export function useSearchPaging() {
  const [text, setTextState] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ query: '', offset: 0 });
  const offset = paging.query === query ? paging.offset : 0;
  const setOffset = useCallback((next: number) => setPaging({ query, offset: next }), [query]);
  const setText = useCallback((next: string) => {
    setTextState(next);
    setPaging({ query: next.trim(), offset: 0 });
  }, []);
  /** After a row was deleted: if it was the last one of a later page, show the page before. */
  const afterRowRemoved = useCallback(
    (rowsOnPage: number, pageSize: number) => {
      if (rowsOnPage === 1 && offset > 0) setOffset(Math.max(0, offset - pageSize));
    },
    [offset, setOffset],
  );
  return { text, setText, query, offset, setOffset, afterRowRemoved };
}

export type SearchPaging = ReturnType<typeof useSearchPaging>;
