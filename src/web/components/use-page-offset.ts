import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { offsetOfPage } from '../../domain/paging';

export const PAGE_PARAM = 'page';

/** Where a paged list is: its page size, the offset of the page shown, and the way to another. */
export interface PageOffset {
  pageSize: number;
  offset: number;
  setOffset: (offset: number) => void;
}

/**
 * The current page of a paged list lives in the URL (`?page=2`), so reload, back/forward
 * and shared links land on the same page.
 */
export function usePageOffset(pageSize: number): PageOffset {
  const [searchParams, setSearchParams] = useSearchParams();
  const offset = offsetOfPage(searchParams.get(PAGE_PARAM), pageSize);

  const setOffset = useCallback(
    (next: number) => {
      // The pager scrolls the list into view itself; a query change keeps the scroll position.
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        const nextPage = Math.floor(next / pageSize) + 1;
        if (nextPage > 1) params.set(PAGE_PARAM, String(nextPage));
        else params.delete(PAGE_PARAM);
        return params;
      });
    },
    [pageSize, setSearchParams],
  );

  return { pageSize, offset, setOffset };
}
