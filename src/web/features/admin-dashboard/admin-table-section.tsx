import { Search } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { pageCount } from '../../../domain/paging';
import { Pager } from '../../components/pager';
import type { TableSearch } from './use-table-search';

interface AdminTableSectionProps {
  title: string;
  icon: LucideIcon;
  /** Placeholder of the search box, saying what it searches ("Email or name"). */
  searchHint: string;
  search: TableSearch;
  pageSize: number;
  /** Rows in the whole (searched) list; undefined until the first page arrives. */
  total: number | undefined;
  loading: boolean;
  /** A refetch is running behind the rows on screen (typing, paging). */
  stale: boolean;
  error: boolean;
  /** Shown instead of the table when nothing matches. */
  emptyText: string | undefined;
  /** The `<table>`: the section wraps it in a scroll container for narrow screens. */
  children: ReactNode;
}

/**
 * One admin table (spec §2: users, orders, shoes, brands) as a card: its title and count, a
 * search box, the rows, and Previous / Next. On a phone the table scrolls sideways inside the
 * card instead of squeezing its columns.
 */
export function AdminTableSection({
  title,
  icon: Icon,
  searchHint,
  search,
  pageSize,
  total,
  loading,
  stale,
  error,
  emptyText,
  children,
}: AdminTableSectionProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  let body: ReactNode;
  if (error) {
    body = (
      <p role="alert" className="px-5 py-10 text-center text-sm font-semibold text-deal sm:px-6">
        {MESSAGES.common.somethingWrong}
      </p>
    );
  } else if (loading) {
    body = (
      <p role="status" className="px-5 py-10 text-center text-sm font-semibold tracking-widest text-gray-500">
        {MESSAGES.pages.loading}
      </p>
    );
  } else if (emptyText !== undefined) {
    body = <p className="px-5 py-10 text-center text-sm font-semibold text-gray-600 sm:px-6">{emptyText}</p>;
  } else {
    body = (
      <div className={`overflow-x-auto transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
        {children}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <div className="flex flex-col gap-4 border-b border-gray-200 px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <h2
          id={`${id}-title`}
          ref={heading}
          tabIndex={-1}
          className="flex scroll-mt-28 items-center gap-2.5 text-xl font-black tracking-tight"
        >
          <span className="flex size-9 items-center justify-center rounded-xl bg-paper">
            <Icon aria-hidden="true" className="size-5 text-accent-dark" />
          </span>
          {title}
          {total !== undefined && (
            <span className="rounded-full bg-paper px-2.5 py-0.5 text-sm font-bold text-gray-700 tabular-nums">
              <span className="sr-only">(</span>
              {total}
              <span className="sr-only"> in all)</span>
            </span>
          )}
        </h2>
        <div className="relative sm:w-72">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search {title.toLowerCase()}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-gray-500"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            placeholder={searchHint}
            autoComplete="off"
            maxLength={100}
            className="h-11 w-full rounded-full border border-gray-300 bg-paper pr-4 pl-10 text-sm placeholder:text-gray-600 focus:border-ink"
          />
        </div>
      </div>
      {body}
      {/* The pager's own top margin is meant for page grids: inside a card it sits closer. */}
      {total !== undefined && !error && pageCount({ pageSize, total }) > 1 && (
        <div className="border-t border-gray-200 px-5 py-3 sm:px-6 [&>nav]:mt-0">
          <Pager
            offset={search.offset}
            pageSize={pageSize}
            total={total}
            onChange={search.setOffset}
            listHeading={heading}
            label={`${title} pagination`}
          />
        </div>
      )}
    </section>
  );
}
