import { useId } from 'react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import type { ShoeSort } from '../../../domain/catalog';
import { MESSAGES } from '../../../domain/messages';
import type { CollectionFilters } from './use-collection-params';

interface CollectionFiltersBarProps {
  colors: string[];
  filters: CollectionFilters;
  onChange: (next: CollectionFilters) => void;
}

const SORT_BUTTONS: { sort: ShoeSort; label: string; Icon: typeof ArrowUpNarrowWide }[] = [
  { sort: 'price_asc', label: 'Price: low to high', Icon: ArrowUpNarrowWide },
  { sort: 'price_desc', label: 'Price: high to low', Icon: ArrowDownWideNarrow },
];

const chipClass =
  'inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-bold transition-colors';
const chipOff = 'border-gray-300 bg-white text-ink hover:border-ink';
const chipOn = 'border-ink bg-ink text-white';

/** Colour filter, price sort buttons and 'All models' (which clears both) of a brand catalogue. */
export function CollectionFiltersBar({ colors, filters, onChange }: CollectionFiltersBarProps) {
  const colorId = useId();
  const showingAll = !filters.color && !filters.sort;

  return (
    <div
      role="group"
      aria-label="Filter and sort"
      className="mb-8 flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="flex flex-col gap-1 sm:w-56">
        <label htmlFor={colorId} className="text-xs font-semibold tracking-wide text-gray-700 uppercase">
          Color
        </label>
        <select
          id={colorId}
          value={filters.color ?? ''}
          onChange={(event) => onChange({ ...filters, color: event.target.value || undefined })}
          className="h-11 cursor-pointer rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium hover:border-ink"
        >
          <option value="">All colors</option>
          {colors.map((color) => (
            <option key={color} value={color}>
              {color}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        {SORT_BUTTONS.map(({ sort, label, Icon }) => {
          const active = filters.sort === sort;
          return (
            <button
              key={sort}
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ ...filters, sort: active ? undefined : sort })}
              className={`${chipClass} ${active ? chipOn : chipOff}`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={showingAll}
          onClick={() => onChange({ color: undefined, sort: undefined })}
          className={`${chipClass} ${showingAll ? chipOn : chipOff}`}
        >
          {MESSAGES.pages.allModels}
        </button>
      </div>
    </div>
  );
}
