import { useRef } from 'react';
import { defaultSort, type Listing } from '../../../domain/listings';
import { MESSAGES } from '../../../domain/messages';
import { ActiveFilterChips } from './active-filter-chips';
import { FilterPanel } from './filter-panel';
import { FiltersDrawer } from './filters-drawer';
import { SortBar } from './sort-bar';
import type { FilteredListing } from './use-filtered-listing';

interface ListingControlsProps {
  listing: Listing;
  state: FilteredListing;
}

/**
 * Above the shoes: how many there are (announced when it changes), the phone's Filters button, the
 * filters in use as removable chips and the sorts; a brand's collection keeps the spec's 'All models'.
 */
export function ListingToolbar({ listing, state }: ListingControlsProps) {
  const { filters, setFilters, shoes, chosen } = state;
  const total = shoes.data?.total;
  const atLeast = shoes.data?.totalIsLowerBound === true;
  const fallback = defaultSort(listing);
  const count = useRef<HTMLParagraphElement>(null);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:mb-8">
      <div className="flex items-center justify-between gap-4">
        {/* Focusable by script only: where focus lands once the last filter chip is removed. */}
        <p ref={count} role="status" tabIndex={-1} className="text-sm font-semibold text-gray-700">
          {total === undefined ? '' : MESSAGES.facets.shoeCount(total, atLeast)}
        </p>
        <FiltersDrawer chosen={chosen} total={total} atLeast={atLeast}>
          <ListingFilterPanel listing={listing} state={state} titled={false} />
        </FiltersDrawer>
      </div>
      <ActiveFilterChips listing={listing} filters={filters} onChange={setFilters} emptyFocus={count} />
      <SortBar
        sort={filters.sort}
        fallback={fallback}
        onSort={(sort) => setFilters({ ...filters, sort })}
        ranked={listing.kind === 'search'}
        {...(listing.kind === 'brand' && {
          allModels: chosen === 0 && !filters.sort,
          onAllModels: () => setFilters({ sizes: [], colors: [], brands: [] }),
        })}
      />
    </div>
  );
}

function ListingFilterPanel({ listing, state, titled }: ListingControlsProps & { titled?: boolean }) {
  return (
    <FilterPanel
      listing={listing}
      filters={state.filters}
      facets={state.facets}
      onChange={state.setFilters}
      filtered={state.chosen > 0}
      titled={titled}
    />
  );
}

/** Beside the shoes on a desktop: the facets, always open. */
export function ListingSidebar({ listing, state }: ListingControlsProps) {
  return (
    <aside aria-label="Filters" className="hidden lg:block">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
        <ListingFilterPanel listing={listing} state={state} />
      </div>
    </aside>
  );
}
