import { useEffect, useId, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '../../../domain/constants';
import { searchSummary, useShoeSearch } from '../../api/use-shoe-search';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { headerIconClass } from './header-icon-class';
import { SearchBox } from '../search-box';
import { SearchResults } from './search-results';

/** One request per pause in typing rather than per keystroke. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The header's search: a Search button opening a right-side panel. A native modal
 * <dialog> gives the focus trap, Escape to close, an inert page behind it and focus
 * returned to the button on close, without hand-rolled focus management.
 */
export function SearchPanel() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();

  // Spec §2: the search runs on every change of the text, lowercased.
  const name = useDebouncedValue(text.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useShoeSearch(name);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

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
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        aria-modal="true"
        onClose={() => setOpen(false)}
        // A click on the dimmed backdrop lands on the <dialog> itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md overflow-hidden bg-white p-0 text-ink shadow-2xl transition-[translate] duration-300 backdrop:bg-ink/60 starting:open:translate-x-full"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
            <h2 id={titleId} className="text-xl font-black tracking-tight">
              Search
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={() => setOpen(false)}
              className="inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-paper"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="px-5 pt-5 pb-3">
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
          </div>
          <p role="status" className="sr-only">
            {name && !isFetching ? searchSummary(data) : ''}
          </p>
          <div className="flex-1 overflow-y-auto px-3 pb-6">
            {name && <SearchResults result={data} searching={isFetching} onPick={() => setOpen(false)} />}
          </div>
        </div>
      </dialog>
    </>
  );
}
