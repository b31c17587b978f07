import type { ShoeSort } from '../../domain/catalog';

export interface ShoeListParams {
  offset: number;
  limit: number;
  brand?: string;
  color?: string;
  sort?: ShoeSort;
}

/**
 * Every catalogue query key starts with `catalog`, so one
 * `invalidateQueries({ queryKey: catalogKeys.all })` refreshes them all after an admin edit.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  shoes: (params: ShoeListParams) => ['catalog', 'shoes', params] as const,
  shoe: (id: string) => ['catalog', 'shoe', id] as const,
  onSale: (offset: number, limit: number) => ['catalog', 'on-sale', { offset, limit }] as const,
  brands: () => ['catalog', 'brands'] as const,
  colors: (brand: string | undefined) => ['catalog', 'colors', brand ?? ''] as const,
  search: (name: string) => ['catalog', 'search', name] as const,
};
