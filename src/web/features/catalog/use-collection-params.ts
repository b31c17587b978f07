import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SORTS, type ShoeSort } from '../../../domain/sorts';
import { PAGE_PARAM } from '../../components/use-page-offset';

export interface CollectionFilters {
  color: string | undefined;
  sort: ShoeSort | undefined;
}

function isSort(value: string | null): value is ShoeSort {
  return SORTS.some((sort) => sort === value);
}

/**
 * Colour filter and price sort of a brand catalogue, kept in the URL (`?color=Navy&sort=price_asc`)
 * so reload and back/forward restore them. Any change returns to the first page (spec §2).
 */
export function useCollectionParams(): [CollectionFilters, (next: CollectionFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = searchParams.get('sort');
  const filters: CollectionFilters = {
    color: searchParams.get('color') || undefined,
    sort: isSort(sort) ? sort : undefined,
  };

  const setFilters = useCallback(
    (next: CollectionFilters) => {
      const params = new URLSearchParams();
      if (next.color) params.set('color', next.color);
      if (next.sort) params.set('sort', next.sort);
      params.delete(PAGE_PARAM);
      setSearchParams(params);
    },
    [setSearchParams],
  );

  return [filters, setFilters];
}
