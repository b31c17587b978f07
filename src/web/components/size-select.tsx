import { useId, type Ref } from 'react';
import type { StockEntry } from '../../domain/catalog';
import { MESSAGES } from '../../domain/messages';
import { CompactField } from './forms/compact-field';

interface SizeSelectProps {
  /** Every size of the shoe (`sizesOf`), in size order; sold-out ones are shown, not selectable. */
  sizes: StockEntry[];
  value: string;
  onChange: (size: string) => void;
  className?: string;
  /** BUY ME! was pressed without a size: the picker says so (aria-invalid, a red border). */
  invalid?: boolean;
  /** To move focus to the picker when a size is missing. */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The "Size" dropdown of the shoe card and the detail page: every size the shoe is made in, a sold-out
 * one named so ("9.5 — sold out", as screen readers read it) and disabled rather than hidden.
 */
export function SizeSelect({
  sizes,
  value,
  onChange,
  className = '',
  invalid = false,
  ref,
}: SizeSelectProps) {
  const id = useId();
  const soldOut = !sizes.some((entry) => entry.quantity > 0);
  return (
    <CompactField id={id} label="Size" className={className}>
      <select
        id={id}
        ref={ref}
        value={value}
        aria-invalid={invalid || undefined}
        disabled={soldOut}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full cursor-pointer rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium text-ink transition-colors hover:border-ink aria-invalid:border-deal aria-invalid:ring-2 aria-invalid:ring-deal/40 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600"
      >
        <option value="">{soldOut ? 'Sold out' : 'Choose size'}</option>
        {sizes.map((entry) => (
          <option key={entry._id} value={entry.size} disabled={entry.quantity === 0}>
            {entry.quantity === 0 ? `${entry.size} — ${MESSAGES.restock.soldOut}` : entry.size}
          </option>
        ))}
      </select>
    </CompactField>
  );
}
