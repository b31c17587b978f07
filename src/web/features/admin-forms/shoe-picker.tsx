import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { MAX_SEARCH_LENGTH } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useShoeFinder } from '../../api/use-shoe-finder';
import { textLinkClass } from '../../components/forms/button-class';
import { inputClass } from '../../components/forms/form-field';
import { SearchBox } from '../../components/search-box';
import { ShoeSummaryRow } from '../../components/shoe-summary-row';
import { paths } from '../../paths';
import { AdminCard } from './admin-card';

interface ShoePickerProps {
  /** Where choosing a shoe goes: the same page with `?shoe=`. */
  linkTo: (shoeId: string) => string;
}

function ShoeOption({ shoe, to }: { shoe: Shoe; to: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex items-center gap-4 rounded-2xl p-2 transition-colors hover:bg-paper"
      >
        <ShoeSummaryRow shoe={shoe} />
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-gray-500 transition-transform group-hover:translate-x-0.5 group-hover:text-ink"
        />
      </Link>
    </li>
  );
}

/** Modify Shoes and Create size without `?shoe=`: search the catalogue by name and pick one. */
export function ShoePicker({ linkTo }: ShoePickerProps) {
  const inputId = useId();
  const { text, setText, searching, result, found, pending, status } = useShoeFinder();

  return (
    <AdminCard title="Choose a shoe">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        Find a shoe by name
      </label>
      <SearchBox
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="e.g. Air Max"
        inputClassName={`${inputClass} pl-12`}
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      <div className="mt-5">
        {!searching && found.length > 0 && (
          <p className="mb-2 text-xs font-bold tracking-widest text-gray-600 uppercase">In the store</p>
        )}
        {!result && pending && (
          <p className="px-1 text-sm font-semibold text-gray-600">{MESSAGES.pages.loading}</p>
        )}
        {!searching && result && found.length === 0 && (
          <p className="rounded-xl bg-paper px-4 py-6 text-center font-semibold text-gray-700">
            There are no shoes yet.{' '}
            <Link to={paths.createShoes} className={textLinkClass}>
              Create Shoes
            </Link>
          </p>
        )}
        {result?.kind === 'message' && (
          <p className="rounded-xl bg-paper px-4 py-6 text-center font-semibold text-gray-700">
            {result.message}
          </p>
        )}
        {result?.kind === 'shoes' && (
          <ul
            className={`-mx-2 flex flex-col gap-1 transition-opacity ${pending && searching ? 'opacity-60' : ''}`}
          >
            {found.map((shoe) => (
              <ShoeOption key={shoe._id} shoe={shoe} to={linkTo(shoe._id)} />
            ))}
          </ul>
        )}
      </div>
    </AdminCard>
  );
}
