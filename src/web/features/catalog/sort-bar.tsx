import { ArrowDownAZ, ArrowDownWideNarrow, ArrowUpNarrowWide, Flame, Sparkles, Target } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import type { ShoeSort } from '../../../domain/sorts';

interface SortBarProps {
  sort: ShoeSort | undefined;
  onSort: (sort: ShoeSort | undefined) => void;
  /** A brand's collection (spec §2): 'All models' clears the filters and the sort. */
  onAllModels?: () => void;
  allModels?: boolean;
  /** The sort the listing falls back to, which cannot be switched off (the sale's cheapest first). */
  fallback?: ShoeSort;
  /** The order without a sort is the search's: best matches first, not by name. */
  ranked?: boolean;
}

const SORT_BUTTONS: { sort: ShoeSort; label: string; Icon: typeof ArrowUpNarrowWide }[] = [
  { sort: 'price_asc', label: 'Price: low to high', Icon: ArrowUpNarrowWide },
  { sort: 'price_desc', label: 'Price: high to low', Icon: ArrowDownWideNarrow },
  { sort: 'newest', label: 'Newest', Icon: Sparkles },
  { sort: 'best_selling', label: 'Best selling', Icon: Flame },
];

/**
 * The order a listing without a sort of its own is in (the API's: by name). Shown as a button, pressed
 * when no sort is chosen, so the bar always says which order is in force (issue 32).
 */
const NAME_ORDER = { label: 'A to Z', Icon: ArrowDownAZ };
/** A search's order without a sort (issue 35 item 5): the best matches first. */
const BEST_MATCH = { label: 'Best match', Icon: Target };

const chipClass =
  'inline-flex h-11 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-bold transition-colors';
const chipOff = 'border-gray-300 bg-white text-ink hover:border-ink';
const chipOn = 'border-ink bg-ink text-white';

/**
 * The sorts as toggle buttons (pressing the chosen one again goes back to the listing's order); the
 * order in force is always the pressed one: the chosen sort, else the listing's fallback, else by name.
 */
export function SortBar({ sort, onSort, onAllModels, allModels = false, fallback, ranked }: SortBarProps) {
  const unsorted = ranked ? BEST_MATCH : NAME_ORDER;
  return (
    <div
      role="group"
      aria-label="Sort"
      // One scrolling row on a phone, so the shoes stay near the top.
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {!fallback && (
        <button
          type="button"
          aria-pressed={!sort}
          onClick={() => onSort(undefined)}
          className={`${chipClass} ${sort ? chipOff : chipOn}`}
        >
          <unsorted.Icon aria-hidden="true" className="size-4" />
          {unsorted.label}
        </button>
      )}
      {SORT_BUTTONS.map(({ sort: option, label, Icon }) => {
        const active = sort === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onSort(active ? fallback : option)}
            className={`${chipClass} ${active ? chipOn : chipOff}`}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        );
      })}
      {onAllModels && (
        <button
          type="button"
          aria-pressed={allModels}
          onClick={onAllModels}
          className={`${chipClass} ${allModels ? chipOn : chipOff}`}
        >
          {MESSAGES.pages.allModels}
        </button>
      )}
    </div>
  );
}
