import type { Shoe } from '../../domain/catalog';
import { getJson, lazySchema } from './http';
import type { Page } from './page';

/** One page of a server-paged shoe list. */
export type ShoePage = Page<Shoe>;

const searchAnswerSchema = lazySchema((schemas) => schemas.searchAnswer);

/** A search that finds nothing answers the spec's text message instead of a list: an empty page here. */
export async function fetchShoePage(url: string, signal?: AbortSignal): Promise<ShoePage> {
  const { data, total, totalIsLowerBound } = await getJson(url, searchAnswerSchema, signal);
  if (!Array.isArray(data)) return { items: [], total: 0 };
  return { items: data, total: total ?? data.length, ...(totalIsLowerBound && { totalIsLowerBound }) };
}
