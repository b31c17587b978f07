import { CHART_SIZES } from '../../../domain/size-chart';
import type { Listing } from '../../../domain/listings';
import { toggled, type ShoeFacets, type ShoeFilters } from '../../../domain/shoe-filters';
import { FacetOptions } from './facet-options';
import { PriceFacet } from './price-facet';

interface FilterPanelProps {
  listing: Listing;
  filters: ShoeFilters;
  facets: ShoeFacets | undefined;
  onChange: (next: ShoeFilters) => void;
  /** Whether the shopper chose any filter (the listing's own bound does not count). */
  filtered: boolean;
  /** The sidebar names itself; the drawer's dialog has its own title. */
  titled?: boolean;
}

const noCounts = (values: readonly string[]) => values.map((value) => ({ value, count: 0 }));

/**
 * The facets of a listing: size in stock, colour, brand (not in a brand's collection), price and
 * on sale (not on the sale page). Each change applies at once.
 */
export function FilterPanel({
  listing,
  filters,
  facets,
  onChange,
  filtered,
  titled = true,
}: FilterPanelProps) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex min-h-8 items-center justify-between">
        {titled ? <h2 className="text-lg font-black tracking-tight">Filters</h2> : <span />}
        {filtered && (
          <button
            type="button"
            onClick={() => onChange({ sizes: [], colors: [], brands: [], sort: filters.sort })}
            className="rounded-sm text-sm font-bold text-accent-dark underline-offset-4 hover:underline"
          >
            Clear filters
          </button>
        )}
      </div>
      <FacetOptions
        legend="Size"
        layout="tiles"
        options={facets?.sizes ?? noCounts(CHART_SIZES)}
        chosen={filters.sizes}
        partial={facets?.partial}
        onToggle={(size) => onChange({ ...filters, sizes: toggled(filters.sizes, size) })}
      />
      <FacetOptions
        legend="Color"
        layout="list"
        options={facets?.colors ?? []}
        chosen={filters.colors}
        partial={facets?.partial}
        onToggle={(color) => onChange({ ...filters, colors: toggled(filters.colors, color) })}
      />
      {listing.kind !== 'brand' && (
        <FacetOptions
          legend="Brand"
          layout="list"
          options={facets?.brands ?? []}
          chosen={filters.brands}
          partial={facets?.partial}
          onToggle={(brand) => onChange({ ...filters, brands: toggled(filters.brands, brand) })}
        />
      )}
      <PriceFacet
        key={`${filters.minPrice}-${filters.maxPrice}`}
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        range={facets?.price}
        onChange={(range) => onChange({ ...filters, ...range })}
      />
      {listing.kind !== 'sale' && (
        <FacetOptions
          legend="Deals"
          layout="list"
          options={[{ value: 'On sale', count: facets?.onSale ?? 0 }]}
          chosen={filters.onSale ? ['On sale'] : []}
          partial={facets?.partial}
          onToggle={() => onChange({ ...filters, onSale: filters.onSale ? undefined : true })}
        />
      )}
    </div>
  );
}
