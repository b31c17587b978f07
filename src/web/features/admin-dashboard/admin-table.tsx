import type { ReactNode } from 'react';

const cardsCell = 'max-md:block max-md:min-w-0 md:px-4 md:py-3 md:align-middle md:first:pl-6 md:last:pr-6';

/**
 * The two looks of the admin tables, so they line up with each other. `cards`: from `md` up a
 * table (scrolling sideways inside its card below its min-width); on a phone each row becomes a
 * small card of labelled fields, since a sideways-scrolling table hides the very switches and
 * buttons an admin came for. `plain`: a narrow table that fits a phone as it is (brands).
 */
const LOOKS = {
  cards: {
    table: 'w-full text-left text-sm max-md:block',
    head: 'max-md:sr-only',
    body: 'divide-y divide-gray-100 max-md:block',
    row: 'hover:bg-paper/60 max-md:grid max-md:grid-flow-row-dense max-md:grid-cols-2 max-md:items-start max-md:gap-x-4 max-md:gap-y-3 max-md:px-5 max-md:py-4',
    cell: cardsCell,
    /** A field of a row card: its column's name (`data-label`) above it on a phone. */
    labelledCell: `${cardsCell} max-md:before:mb-1 max-md:before:block max-md:before:font-sans max-md:before:text-[11px] max-md:before:font-bold max-md:before:tracking-widest max-md:before:text-gray-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]`,
  },
  plain: {
    table: 'w-full text-left text-sm',
    head: undefined,
    body: 'divide-y divide-gray-100',
    row: 'hover:bg-paper/60',
    cell: 'px-4 py-3 align-middle first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6',
    labelledCell: undefined,
  },
} as const;

const headRowClass = 'bg-paper/70 text-xs font-bold tracking-widest text-gray-600 uppercase';
const headCellClass = 'px-4 py-3 whitespace-nowrap first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

export interface AdminColumn<Row> {
  label: string;
  /** The header names the column for screen readers only (a column of actions). */
  hiddenLabel?: boolean;
  /** The header sits on the right, over numbers or actions. */
  alignRight?: boolean;
  /** The cell names its row (`<th scope="row">`), so screen readers announce it with each cell. */
  rowHeader?: boolean;
  /** On a phone the cell shows without its column's name above it (its content says what it is). */
  unlabelled?: boolean;
  /** The cell's own classes, beside the table's. */
  className?: string | ((row: Row) => string);
  cell: (row: Row) => ReactNode;
}

interface AdminTableProps<Row> {
  caption: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  /** With one (`md:min-w-[50rem]`), the `cards` look scrolling below that width; without, `plain`. */
  minWidth?: string;
}

/** The rows of an admin table (spec §2: users, orders, shoes, brands), column by column. */
export function AdminTable<Row extends { _id: string }>({
  caption,
  columns,
  rows,
  minWidth,
}: AdminTableProps<Row>) {
  const look = minWidth === undefined ? LOOKS.plain : LOOKS.cards;

  function cellClass(column: AdminColumn<Row>, row: Row): string {
    const base = (!column.unlabelled && look.labelledCell) || look.cell;
    const own = typeof column.className === 'function' ? column.className(row) : column.className;
    return own ? `${base} ${own}` : base;
  }

  return (
    <table className={minWidth === undefined ? look.table : `${look.table} ${minWidth}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className={look.head}>
        <tr className={headRowClass}>
          {columns.map(({ label, hiddenLabel, alignRight }) => (
            <th
              key={label}
              scope="col"
              className={alignRight ? `${headCellClass} text-right` : headCellClass}
            >
              {hiddenLabel ? <span className="sr-only">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={look.body}>
        {rows.map((row) => (
          <tr key={row._id} className={look.row}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.label}
                  scope={column.rowHeader ? 'row' : undefined}
                  data-label={look.labelledCell && !column.unlabelled ? column.label : undefined}
                  className={cellClass(column, row)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
