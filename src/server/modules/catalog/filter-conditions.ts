import { and, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ShoeFilters } from '../../../domain/shoe-filters.js';
import { sizeBit } from '../../../domain/size-chart.js';
import { brands, shoes } from '../../db/schema.js';

/** The columns a filter other than the price reads: the shoes' own, or their counts' (shoe_facet_counts). */
export interface FacetKeyColumns {
  sizesInStock: AnyColumn;
  color: AnyColumn;
  brandId: AnyColumn;
  onSale: AnyColumn;
}

export type FilterConditions = Record<'size' | 'color' | 'brand' | 'price' | 'onSale', SQL | undefined>;

/**
 * Each filter as a condition (undefined when it is not set), named as its facet: on a shoe, or on a
 * row of the facet counts (`keys`), which have no price (only read when no price is asked).
 */
export function filterConditions(filters: ShoeFilters, keys: FacetKeyColumns = shoes): FilterConditions {
  const lower = (values: string[]) => values.map((value) => value.toLowerCase());
  const mask = filters.sizes.reduce((bits, size) => bits | sizeBit(size), 0);
  const minCents = filters.minPrice === undefined ? undefined : Math.round(filters.minPrice * 100);
  const maxCents = filters.maxPrice === undefined ? undefined : Math.round(filters.maxPrice * 100);
  return {
    size: filters.sizes.length > 0 ? sql`(${keys.sizesInStock} & ${mask}) <> 0` : undefined,
    color: filters.colors.length > 0 ? inArray(sql`lower(${keys.color})`, lower(filters.colors)) : undefined,
    brand:
      filters.brands.length > 0
        ? sql`${keys.brandId} IN (SELECT b.id FROM ${brands} b WHERE lower(b.name) IN (${sql.join(
            lower(filters.brands).map((name) => sql`${name}`),
            sql`, `,
          )}))`
        : undefined,
    price: and(
      minCents === undefined ? undefined : gte(shoes.priceCents, minCents),
      maxCents === undefined ? undefined : lte(shoes.priceCents, maxCents),
    ),
    onSale: filters.onSale === undefined ? undefined : eq(keys.onSale, filters.onSale),
  };
}
