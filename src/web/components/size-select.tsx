import { useId } from 'react';
import type { StockEntry } from '../../domain/catalog';

interface SizeSelectProps {
  /** In-stock sizes (`availableSizes`), already in size order. */
  sizes: StockEntry[];
  value: string;
  onChange: (size: string) => void;
  className?: string;
}

/** The "Size" dropdown of the shoe card and the detail page; options are the shoe's in-stock sizes. */
export function SizeSelect({ sizes, value, onChange, className = '' }: SizeSelectProps) {
  const id = useId();
  const soldOut = sizes.length === 0;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-gray-700 uppercase">
        Size
      </label>
      <select
        id={id}
        value={value}
        disabled={soldOut}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full cursor-pointer rounded-xl border border-gray-300 bg-white px-3 text-sm font-medium text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600"
      >
        <option value="">{soldOut ? 'Sold out' : 'Choose size'}</option>
        {sizes.map((entry) => (
          <option key={entry._id} value={entry.size}>
            {entry.size}
          </option>
        ))}
      </select>
    </div>
  );
}
