import { useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { searchSummary, useShoeSearch, type SearchResult } from './use-shoe-search';
import { useShoes } from './use-shoes';

const SEARCH_DEBOUNCE_MS = 200;
/** Shown before anything is typed, so a small store needs no search at all. */
const FIRST_SHOES = 6;

/**
 * The staff's way to find one shoe (Modify Shoes, Create size, a drop's shoe): the first few shoes
 * of the store, or once a name is typed the header search's matches for it.
 */
export function useShoeFinder() {
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const search = useShoeSearch(name);
  const first = useShoes({ offset: 0, limit: FIRST_SHOES });
  const searching = name.length > 0;
  const result: SearchResult | undefined = searching
    ? search.data
    : first.data && { kind: 'shoes', shoes: first.data.items };
  return {
    text,
    setText,
    searching,
    result,
    found: result?.kind === 'shoes' ? result.shoes : [],
    pending: searching ? search.isFetching : first.isPending,
    /** What a screen reader hears once the matches are in. */
    status: searching && !search.isFetching ? searchSummary(result) : '',
  };
}
