import { useEffect, useRef, type RefObject } from 'react';
import { X } from 'lucide-react';
import { formatPrice } from '../../../domain/cart-lines';
import type { Listing } from '../../../domain/listings';
import { NO_FILTERS, type ShoeFilters } from '../../../domain/shoe-filters';

interface ActiveFilterChipsProps {
  listing: Listing;
  filters: ShoeFilters;
  onChange: (next: ShoeFilters) => void;
  /** Where focus goes when the last chip is removed (the chip pressed is gone). */
  emptyFocus: RefObject<HTMLElement | null>;
}

interface Chip {
  key: string;
  label: string;
  without: ShoeFilters;
}

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Price ${formatPrice(min)}–${formatPrice(max)}`;
  if (min !== undefined) return `Price from ${formatPrice(min)}`;
  return `Price up to ${formatPrice(max ?? 0)}`;
}

/** One chip per value the shopper chose (the listing's own bound, its brand or the sale, is not one). */
function chipsOf(listing: Listing, filters: ShoeFilters): Chip[] {
  const drop = (values: string[], value: string) => values.filter((item) => item !== value);
  const { minPrice, maxPrice, onSale, ...rest } = filters;
  return [
    ...filters.sizes.map((size) => ({
      key: `size-${size}`,
      label: `Size ${size}`,
      without: { ...filters, sizes: drop(filters.sizes, size) },
    })),
    ...filters.colors.map((color) => ({
      key: `color-${color}`,
      label: `Color ${color}`,
      without: { ...filters, colors: drop(filters.colors, color) },
    })),
    ...(listing.kind === 'brand' ? [] : filters.brands).map((brand) => ({
      key: `brand-${brand}`,
      label: `Brand ${brand}`,
      without: { ...filters, brands: drop(filters.brands, brand) },
    })),
    ...(minPrice !== undefined || maxPrice !== undefined
      ? [{ key: 'price', label: priceLabel(minPrice, maxPrice), without: { ...rest, onSale } }]
      : []),
    ...(onSale && listing.kind !== 'sale'
      ? [{ key: 'on-sale', label: 'On sale', without: { ...rest, minPrice, maxPrice } }]
      : []),
  ];
}

/**
 * The filters in force, as chips under the listing's bar (issue 32: a phone's "Filters 2" did not
 * say which), each removing its filter. Removing one moves focus to the chip now in its place, so a
 * keyboard or screen reader user is not dropped at the top of the page.
 */
export function ActiveFilterChips({ listing, filters, onChange, emptyFocus }: ActiveFilterChipsProps) {
  const chips = chipsOf(listing, filters);
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<number | null>(null);

  useEffect(() => {
    if (refocus.current === null) return;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    const target = buttons[Math.min(refocus.current, buttons.length - 1)] ?? emptyFocus.current;
    refocus.current = null;
    target?.focus();
  }, [chips.length, emptyFocus]);

  if (chips.length === 0) return null;
  return (
    <ul ref={list} aria-label="Filters in use" className="flex flex-wrap gap-2">
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => {
              refocus.current = index;
              onChange(chip.without);
            }}
            className="group/chip inline-flex h-9 max-w-full items-center gap-1.5 rounded-full border border-accent/40 bg-accent/10 pr-1.5 pl-3.5 text-sm font-semibold text-ink transition-colors hover:border-accent-dark"
          >
            <span className="truncate">{chip.label}</span>
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-ink transition-colors group-hover/chip:bg-ink group-hover/chip:text-white">
              <X aria-hidden="true" className="size-3.5" />
            </span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button
            type="button"
            onClick={() => {
              refocus.current = 0;
              onChange({ ...NO_FILTERS, sort: filters.sort });
            }}
            className="inline-flex h-9 items-center rounded-full px-2 text-sm font-bold text-accent-dark underline-offset-4 hover:underline"
          >
            Clear all
          </button>
        </li>
      )}
    </ul>
  );
}
