/**
 * Paging rules of spec §4: pages are windows of `pageSize`
 * items starting at `offset`; Previous is hidden on the first page and Next on
 * the last; the page resets to the first whenever the filtered list changes.
 */
export interface PageState {
  offset: number;
  pageSize: number;
  total: number;
}

export function hasPrevious({ offset }: PageState): boolean {
  return offset > 0;
}

export function hasNext({ offset, pageSize, total }: PageState): boolean {
  return offset + pageSize < total;
}

export function nextOffset(state: PageState): number {
  return hasNext(state) ? state.offset + state.pageSize : state.offset;
}

export function previousOffset({ offset, pageSize }: Pick<PageState, 'offset' | 'pageSize'>): number {
  return Math.max(0, offset - pageSize);
}

export function pageNumber({ offset, pageSize }: Pick<PageState, 'offset' | 'pageSize'>): number {
  return Math.floor(offset / pageSize) + 1;
}

export function pageCount({ pageSize, total }: Pick<PageState, 'pageSize' | 'total'>): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A client-side slice of an already loaded list. */
export function pageOf<T>(items: readonly T[], offset: number, pageSize: number): T[] {
  return items.slice(offset, offset + pageSize);
}

/** Where a page past the end (an old link, `?page=99`) should land: the last real page. */
export function clampOffset({ offset, pageSize, total }: PageState): number {
  if (offset < total || total === 0) return offset;
  return (pageCount({ pageSize, total }) - 1) * pageSize;
}

/** The offset a `?page=N` parameter stands for: page 1 for anything that is not a page past the first. */
export function offsetOfPage(page: string | null | undefined, pageSize: number): number {
  const number = Number.parseInt(page ?? '1', 10);
  return Number.isSafeInteger(number) && number > 1 ? (number - 1) * pageSize : 0;
}
