import type { FetchQueryOptions } from '@tanstack/react-query';

/**
 * The queries a page (or the layout) runs for a visitor, given the route's parameters: a page
 * module may export them as `pageQueries`, and the server fetches them before it renders the page,
 * so the page renders once with its data instead of once more for each round of queries it finds
 * (entry-server.tsx). Any query left out is still found by rendering again: a missing entry costs
 * time, never content.
 */
export type PageQueries = (params: Readonly<Record<string, string | undefined>>) => PageQuery[];

/** Any query's options: a page's queries each hold data of their own type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageQuery = FetchQueryOptions<any, any, any, any>;
