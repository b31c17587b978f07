import type { z } from 'zod';
import { getJson, type LazySchema } from './http';

/** One page of a server-paged list: its rows, and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
  /** A search past its cap (decision 033): more match than `total`. */
  totalIsLowerBound?: boolean;
}

/** GETs one page of a list; the total comes from `X-Total-Count` (without it, the list was whole). */
export async function fetchPage<T>(
  url: string,
  schema: z.ZodType<T[]> | LazySchema<T[]>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { data, total, totalIsLowerBound } = await getJson(url, schema, signal);
  return { items: data, total: total ?? data.length, ...(totalIsLowerBound && { totalIsLowerBound }) };
}
