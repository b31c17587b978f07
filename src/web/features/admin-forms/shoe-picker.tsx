import { ChevronRight, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../domain/cart-lines';
import type { Shoe } from '../../../domain/catalog';
import { MAX_SEARCH_LENGTH } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useShoeSearch } from '../../api/use-shoe-search';
import { useShoes } from '../../api/use-shoes';
import { textLinkClass } from '../../components/forms/button-class';
import { inputClass } from '../../components/forms/form-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../paths';
import { AdminCard } from './admin-card';

const SEARCH_DEBOUNCE_MS = 200;
/** Shown before anything is typed, so a small store needs no search at all. */
const FIRST_SHOES = 6;

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
        <img
          src={shoe.image}
          alt=""
          width={80}
          height={60}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-20 shrink-0 rounded-lg bg-gray-100 object-cover"
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-bold">{shoe.name}</span>
          <span className="text-xs font-semibold tracking-wider text-gray-600 uppercase">{shoe.brand}</span>
          <span className="text-sm font-bold">{formatPrice(shoe.price)}</span>
        </span>
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
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const search = useShoeSearch(name);
  const first = useShoes({ offset: 0, limit: FIRST_SHOES });

  const searching = name.length > 0;
  const result = searching ? search.data : first.data && { kind: 'shoes' as const, shoes: first.data.items };
  const pending = searching ? search.isFetching : first.isPending;
  const found = result?.kind === 'shoes' ? result.shoes : [];

  let status = '';
  if (searching && !search.isFetching && result) {
    status =
      result.kind === 'message'
        ? result.message
        : `${found.length} ${found.length === 1 ? 'shoe' : 'shoes'} found`;
  }

  return (
    <AdminCard title="Choose a shoe">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        Find a shoe by name
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-500"
        />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="e.g. Air Max"
          className={`${inputClass} pl-12`}
        />
      </div>
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
