import { MESSAGES } from '../../../domain/messages.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import { isUuid, type Shoe, type ShoeFacetsQuery, type ShoeListQuery } from '../../../domain/catalog.js';
import type { FilterScope, ShoeFacets, ShoeFilters } from '../../../domain/shoe-filters.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { notFound } from '../../http/errors.js';
import type { CatalogRepository } from './repository.js';

export interface ShoePage {
  items: Shoe[];
  total: number;
  /** A search past the cap (decision 033): more shoes match than `total`. */
  totalIsLowerBound?: boolean;
}

/** The API's parameters (`size`, `color`, `brand`, repeatable) as the filters they stand for. */
function filtersOf(query: Omit<ShoeFacetsQuery, 'scope'>): ShoeFilters {
  return {
    sizes: query.size,
    colors: query.color,
    brands: query.brand,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    onSale: query.onSale,
    sort: query.sort,
    search: query.name,
  };
}

export function createCatalogService(repository: CatalogRepository) {
  return {
    /**
     * A search that finds nothing answers a text message (spec §2: the
     * client shows it instead of a list); other filters answer an empty list.
     */
    async listShoes(query: ShoeListQuery): Promise<ShoePage | { message: string }> {
      const page = await repository.listShoes({
        ...filtersOf(query),
        offset: query.offset,
        limit: query.limit,
      });
      if (query.name?.trim() && page.total === 0) return { message: MESSAGES.catalog.noSearchMatch };
      return page;
    },

    /** On-sale shoes cheapest first, as the home carousel shows them. */
    listOnSale(offset: number, limit: number): Promise<ShoePage> {
      return repository.listShoes({ onSale: true, sort: 'price_asc', offset, limit });
    },

    /** Each facet's values and how many shoes each would give (domain/shoe-filters.ts). */
    facets(query: ShoeFacetsQuery): Promise<ShoeFacets> {
      return repository.facets({ ...filtersOf(query), scope: query.scope as FilterScope[] });
    },

    async getShoe(id: string): Promise<Shoe> {
      const shoe = isUuid(id) ? await repository.findShoe(id) : undefined;
      if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
      return shoe;
    },

    /** Several shoes by id, in the order asked; ids that name no shoe are left out. */
    async getShoes(ids: string[]): Promise<Shoe[]> {
      const found = await repository.findShoes(ids.filter(isUuid));
      const byId = new Map(found.map((shoe) => [shoe._id, shoe]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    listBrands(query: PagedSearchQuery) {
      return repository.listBrands(query);
    },

    listColors(brand?: string) {
      return repository.listColors(brand);
    },

    /**
     * After a change that moves shoes between the facets' keys (a size sold out or back, a catalogue
     * edit), folds the counts' rows of changes (docs/decisions/035). The counts are exact without it;
     * it keeps them a row per key. Folding twice folds nothing more.
     */
    facetCountsConsumer: (async (event) => {
      const moved =
        event.type === 'catalog.changed' ||
        (event.type === 'stock.changed' && event.payload.sizesInStockChanged);
      if (moved) await repository.foldFacetCounts();
    }) satisfies EventConsumer,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
