import { useState } from 'react';
import type { FacetValue } from '../../../domain/shoe-filters';

interface FacetOptionsProps {
  legend: string;
  options: FacetValue[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
  /** Sizes sit as a grid of small tiles; names as a list. */
  layout: 'tiles' | 'list';
  /** Names beyond this many wait behind "Show all". */
  shown?: number;
  /** Counted among the shoes a broad search considered (decision 033): at least, never disabled. */
  partial?: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * One facet: a fieldset of checkboxes, each value with how many shoes it would give. A value that
 * would give none stays on screen, disabled, so the shopper sees it exists (unless it is chosen,
 * which must always be possible to undo).
 */
export function FacetOptions({
  legend,
  options,
  chosen,
  onToggle,
  layout,
  shown = 8,
  partial = false,
}: FacetOptionsProps) {
  const [expanded, setExpanded] = useState(false);
  // A value chosen in the URL but not found (a colour this brand does not make) can still be undone.
  const all = [
    ...options,
    ...chosen
      .filter((value) => !options.some((option) => same(option.value, value)))
      .map((value) => ({ value, count: 0 })),
  ];
  const visible = layout === 'list' && !expanded ? all.slice(0, shown) : all;
  const hidden = all.length - visible.length;

  return (
    <fieldset className="border-t border-gray-200 pt-4">
      <legend className="float-left mb-3 w-full text-xs font-bold tracking-widest text-gray-700 uppercase">
        {legend}
      </legend>
      <ul
        className={
          layout === 'tiles' ? 'clear-left grid grid-cols-4 gap-2' : 'clear-left flex flex-col gap-1'
        }
      >
        {visible.map(({ value, count }) => {
          const checked = chosen.some((choice) => same(choice, value));
          const disabled = count === 0 && !checked && !partial;
          return (
            <li key={value}>
              <label
                className={
                  layout === 'tiles'
                    ? `relative flex h-11 cursor-pointer flex-col items-center justify-center rounded-xl border text-sm font-bold transition-colors has-checked:border-ink has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${disabled ? 'cursor-not-allowed border-dashed border-gray-300 text-gray-500' : 'border-gray-300 bg-white hover:border-ink'}`
                    : `flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm transition-colors ${disabled ? 'cursor-not-allowed text-gray-500' : 'hover:bg-paper'}`
                }
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onToggle(value)}
                  // A tile's checkbox covers the tile, unseen: the tile is what a finger or pointer presses.
                  className={
                    layout === 'tiles'
                      ? 'absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed'
                      : 'size-4 accent-ink'
                  }
                />
                <span className={layout === 'tiles' ? 'leading-none' : 'flex-1 font-semibold'}>{value}</span>
                <span
                  className={
                    layout === 'tiles'
                      ? 'text-[0.65rem] leading-none font-medium opacity-80'
                      : 'text-xs text-gray-600'
                  }
                >
                  {partial ? (count > 0 ? `(${count}+)` : '') : `(${count})`}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {(hidden > 0 || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-2 rounded-sm text-sm font-bold text-accent-dark underline-offset-4 hover:underline"
        >
          {expanded ? 'Show fewer' : `Show all ${all.length}`}
        </button>
      )}
    </fieldset>
  );
}
