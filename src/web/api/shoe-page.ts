import type { Shoe } from '../../domain/catalog';
import { getJson, lazySchema } from './http';

/** One page of a server-paged shoe list; `total` comes from `X-Total-Count`. */
export interface ShoePage {
  items: Shoe[];
  total: number;
}

const shoeListSchema = lazySchema((schemas) => schemas.shoeList);

export async function fetchShoePage(url: string, signal?: AbortSignal): Promise<ShoePage> {
  const { data, total } = await getJson(url, shoeListSchema, signal);
  return { items: data, total: total ?? data.length };
}
