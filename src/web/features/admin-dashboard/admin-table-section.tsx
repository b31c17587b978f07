import { useId, useRef, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { pageCount } from '../../../domain/paging';
import type { Page } from '../../api/page';
import { LoadStatus } from '../../components/load-status';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import type { SearchPaging } from '../../lib/use-search-paging';
import { AdminTable, type AdminColumn } from './admin-table';

interface AdminTableSectionProps<Row> {
  title: string;
  icon: LucideIcon;
  /** Placeholder of the search box, saying what it searches ("Email or name"). */
  searchHint: string;
  search: SearchPaging;
  pageSize: number;
  /**
   * The page's request: pending until a first page arrives, failed, or refetching behind the
   * rows on screen (typing, paging).
   */
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean };
  /** The rows of this page and how many match in all; undefined while there is none to show. */
  page: Page<Row> | undefined;
  /** Instead of the table when nothing matches; by default "No users match your search." or "No users yet." */
  emptyText?: string;
  columns: readonly AdminColumn<Row>[];
  /** The table's caption, when it says more than the title. */
  caption?: string;
  /** See AdminTable. */
  minWidth?: string;
  /** Above the rows, below the title: what acts on several rows at once (the shoes' bulk edits). */
  toolbar?: ReactNode;
}

/**
 * One admin table (spec §2: users, orders, shoes, brands) as a card: its title and count, a
 * search box, the rows, and Previous / Next. On a phone the table scrolls sideways inside the
 * card instead of squeezing its columns.
 */
export function AdminTableSection<Row extends { _id: string }>({
  title,
  icon: Icon,
  searchHint,
  search,
  pageSize,
  query,
  page,
  emptyText,
  columns,
  caption = title,
  minWidth,
  toolbar,
}: AdminTableSectionProps<Row>) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const total = page?.total;
  const noun = title.toLowerCase();
  const nothing =
    page?.items.length === 0
      ? search.query
        ? `No ${noun} match your search.`
        : `No ${noun} yet.`
      : undefined;
  const empty = emptyText ?? nothing;

  let body: ReactNode;
  if (query.isError || query.isPending) {
    body = <LoadStatus failed={query.isError} className="px-5 py-10 sm:px-6" />;
  } else if (empty !== undefined) {
    body = <p className="px-5 py-10 text-center text-sm font-semibold text-gray-600 sm:px-6">{empty}</p>;
  } else {
    body = (
      <div
        className={`overflow-x-auto transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={query.isPlaceholderData}
      >
        <AdminTable caption={caption} columns={columns} rows={page?.items ?? []} minWidth={minWidth} />
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
              {page?.totalIsLowerBound && '+'}
              <span className="sr-only"> in all)</span>
            </span>
          )}
        </h2>
        <SearchBox
          id={`${id}-search`}
          compact
          className="sm:w-72"
          srLabel={`Search ${noun}`}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          placeholder={searchHint}
          autoComplete="off"
          maxLength={100}
          inputClassName="h-11 w-full rounded-full border border-gray-300 bg-paper pr-4 pl-10 text-sm placeholder:text-gray-600 focus:border-ink"
        />
      </div>
      {toolbar}
      {body}
      {/* The pager's own top margin is meant for page grids: inside a card it sits closer. */}
      {total !== undefined && !query.isError && pageCount({ pageSize, total }) > 1 && (
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
