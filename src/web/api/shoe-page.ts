import type { Shoe } from '../../domain/catalog';
import { lazySchema } from './http';
import { fetchPage, type Page } from './page';

/** One page of a server-paged shoe list. */
export type ShoePage = Page<Shoe>;

const shoeListSchema = lazySchema((schemas) => schemas.shoeList);

export function fetchShoePage(url: string, signal?: AbortSignal): Promise<ShoePage> {
  return fetchPage(url, shoeListSchema, signal);
}
