/** The catalogue's sorts without Zod, for the browser's pages; catalog.ts re-exports them. */
export const SORTS = ['price_asc', 'price_desc', 'newest', 'best_selling'] as const;
export type ShoeSort = (typeof SORTS)[number];

export function isSort(value: unknown): value is ShoeSort {
  return SORTS.some((sort) => sort === value);
}
