import { useId } from 'react';
import type { Shoe } from '../../../domain/catalog';
import { MAX_SEARCH_LENGTH } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useShoeFinder } from '../../api/use-shoe-finder';
import { secondaryButtonClass } from '../../components/forms/button-class';
import { FieldError } from '../../components/forms/field-error';
import { inputClass } from '../../components/forms/form-field';
import { SearchBox } from '../../components/search-box';
import { ShoeSummaryRow } from '../../components/shoe-summary-row';

interface ShoeChooserProps {
  chosen: Shoe | undefined;
  onChoose: (shoe: Shoe | undefined) => void;
  error: string | undefined;
}

/** The drop's shoe: found by name (the header search's matching), picked from the matches. */
export function ShoeChooser({ chosen, onChoose, error }: ShoeChooserProps) {
  const inputId = useId();
  const { text, setText, result, found, status } = useShoeFinder();

  if (chosen) {
    return (
      <div>
        <p className="mb-1.5 text-sm font-semibold text-ink">Shoe</p>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-paper p-2">
          <ShoeSummaryRow shoe={chosen} />
          <button
            type="button"
            onClick={() => onChoose(undefined)}
            className={`${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`}
          >
            Change shoe
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        Find the shoe by name
      </label>
      <SearchBox
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="e.g. Air Max"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        inputClassName={`${inputClass} pl-12`}
      />
      <FieldError id={`${inputId}-error`} message={error} />
      <p role="status" className="sr-only">
        {status}
      </p>
      {!result && <p className="mt-3 px-1 text-sm font-semibold text-gray-600">{MESSAGES.pages.loading}</p>}
      {result?.kind === 'message' && (
        <p className="mt-3 rounded-xl bg-paper px-4 py-4 text-center text-sm font-semibold text-gray-700">
          {result.message}
        </p>
      )}
      {found.length > 0 && (
        <ul aria-label="Shoes to choose from" className="mt-3 flex flex-col gap-1">
          {found.map((shoe) => (
            <li key={shoe._id}>
              <button
                type="button"
                onClick={() => onChoose(shoe)}
                aria-label={`Choose ${shoe.brand} ${shoe.name}`}
                className="flex w-full items-center gap-4 rounded-2xl p-2 text-left transition-colors hover:bg-paper"
              >
                <ShoeSummaryRow shoe={shoe} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
