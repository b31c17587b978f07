import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { parsePrice } from '../../../domain/shoe-filters';
import { InlineError } from '../../components/forms/inline-error';

interface PriceFacetProps {
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** The cheapest and dearest shoes the other filters give, as placeholders. */
  range: { min: number | null; max: number | null } | undefined;
  onChange: (range: { minPrice: number | undefined; maxPrice: number | undefined }) => void;
}

const inputClass =
  'h-11 w-full rounded-xl border border-gray-300 bg-white pr-3 pl-7 text-sm font-medium placeholder:text-gray-500 hover:border-ink aria-invalid:border-deal';

/** The price range: two amounts in dollars, applied together (Enter or Apply). */
export function PriceFacet({ minPrice, maxPrice, range, onChange }: PriceFacetProps) {
  const id = useId();
  const [min, setMin] = useState(minPrice?.toString() ?? '');
  const [max, setMax] = useState(maxPrice?.toString() ?? '');
  const [error, setError] = useState<string>();

  function apply(event: FormEvent) {
    event.preventDefault();
    const low = min.trim() === '' ? undefined : parsePrice(min.trim());
    const high = max.trim() === '' ? undefined : parsePrice(max.trim());
    if ((min.trim() !== '' && low === undefined) || (max.trim() !== '' && high === undefined)) {
      setError(MESSAGES.catalog.badPrice);
    } else if (low !== undefined && high !== undefined && low > high) {
      setError(MESSAGES.catalog.priceRange);
    } else {
      setError(undefined);
      onChange({ minPrice: low, maxPrice: high });
    }
  }

  const field = (
    label: string,
    value: string,
    set: (value: string) => void,
    placeholder: number | null | undefined,
  ) => (
    <div className="flex flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${label}`} className="text-xs font-semibold text-gray-700">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-gray-600"
        >
          $
        </span>
        <input
          id={`${id}-${label}`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={placeholder == null ? '' : String(Math.floor(placeholder))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set(event.target.value)}
          className={inputClass}
        />
      </div>
    </div>
  );

  return (
    <fieldset className="border-t border-gray-200 pt-4">
      <legend className="float-left mb-3 w-full text-xs font-bold tracking-widest text-gray-700 uppercase">
        Price
      </legend>
      <form method="post" onSubmit={apply} className="clear-left flex flex-col gap-2" noValidate>
        <div className="flex items-end gap-2">
          {field('Min', min, setMin, range?.min)}
          <span aria-hidden="true" className="pb-3 text-gray-500">
            –
          </span>
          {field('Max', max, setMax, range?.max)}
        </div>
        <InlineError id={`${id}-error`} message={error} />
        <button
          type="submit"
          className="h-10 rounded-full border border-ink text-sm font-bold transition-colors hover:bg-ink hover:text-white"
        >
          Apply price
        </button>
      </form>
    </fieldset>
  );
}
