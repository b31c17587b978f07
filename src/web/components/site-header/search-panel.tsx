import { useCallback, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { SEARCH_PARAM } from '../../../domain/listings';
import { PAGES } from '../../../domain/routes';
import { MAX_SEARCH_LENGTH } from '../../../domain/constants';
import { searchSummary, useShoeSearch } from '../../api/use-shoe-search';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { headerIconClass } from './header-icon-class';
import { SearchBox } from '../search-box';
import { SideDrawer } from '../side-drawer';
import { SearchResults } from './search-results';

/** One request per pause in typing rather than per keystroke. */
const SEARCH_DEBOUNCE_MS = 200;

/** The header's search: a Search button opening a right-side panel (a modal dialog). */
export function SearchPanel() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const inputId = useId();

  // Spec §2: the search runs on every change of the text, lowercased.
  const name = useDebouncedValue(text.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useShoeSearch(name);

  const focusInput = useCallback(() => inputRef.current?.focus(), []);

  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={headerIconClass}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      <SideDrawer
        open={open}
        onClose={() => setOpen(false)}
        side="right"
        label={{ titleId }}
        title={
          <h2 id={titleId} className="text-xl font-black tracking-tight">
            Search
          </h2>
        }
        onOpened={focusInput}
      >
        {/* Enter opens the results page (issue 35 item 5): shareable, with the facets and paging. */}
        <form
          method="post"
          role="search"
          className="px-5 pt-5 pb-3"
          onSubmit={(event) => {
            event.preventDefault();
            const typed = text.trim();
            if (!typed) return;
            setOpen(false);
            void navigate(`${PAGES.search.path}?${new URLSearchParams({ [SEARCH_PARAM]: typed })}`);
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Search shoes by name
          </label>
          <SearchBox
            ref={inputRef}
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            // Escape in a search field would first just clear it; here it closes the panel at once.
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              setOpen(false);
            }}
            placeholder="Search shoes by name"
            autoComplete="off"
            maxLength={MAX_SEARCH_LENGTH}
            inputClassName="h-12 w-full rounded-full border border-gray-300 bg-paper pr-4 pl-12 text-base placeholder:text-gray-600 focus:border-ink"
          />
        </form>
        <p role="status" className="sr-only">
          {name && !isFetching ? searchSummary(data) : ''}
        </p>
        <div className="flex-1 overflow-y-auto px-3 pb-6">
          {name && <SearchResults result={data} searching={isFetching} onPick={() => setOpen(false)} />}
          {name && data?.kind === 'shoes' && (
            <Link
              to={`${PAGES.search.path}?${new URLSearchParams({ [SEARCH_PARAM]: text.trim() })}`}
              onClick={() => setOpen(false)}
              className="mx-2 mt-3 block rounded-full border border-ink px-4 py-2.5 text-center text-sm font-bold hover:bg-ink hover:text-white"
            >
              See all results, with filters
            </Link>
          )}
        </div>
      </SideDrawer>
    </>
  );
}
