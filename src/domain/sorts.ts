/** The catalogue's price sorts without Zod, for the browser's pages; catalog.ts re-exports them. */
export const SORTS = ['price_asc', 'price_desc'] as const;
export type ShoeSort = (typeof SORTS)[number];
