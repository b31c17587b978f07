/**
 * Shared look of the admin tables, so the four line up with each other. From `md` up they are
 * tables (scrolling sideways inside their card below their min-width); on a phone each row
 * becomes a small card of labelled fields, since a sideways-scrolling table hides the very
 * switches and buttons an admin came for.
 */
export const tableClass = 'w-full text-left text-sm max-md:block';
export const headClass = 'max-md:sr-only';
export const headRowClass = 'bg-paper/70 text-xs font-bold tracking-widest text-gray-600 uppercase';
export const headCellClass = 'px-4 py-3 whitespace-nowrap first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
export const bodyClass = 'divide-y divide-gray-100 max-md:block';
export const rowClass =
  'hover:bg-paper/60 max-md:grid max-md:grid-flow-row-dense max-md:grid-cols-2 max-md:items-start max-md:gap-x-4 max-md:gap-y-3 max-md:px-5 max-md:py-4';
export const cellClass =
  'max-md:block max-md:min-w-0 md:px-4 md:py-3 md:align-middle md:first:pl-6 md:last:pr-6';
/** A field of a row card: its column's name (`data-label`) above it on a phone. */
export const labelledCellClass = `${cellClass} max-md:before:mb-1 max-md:before:block max-md:before:font-sans max-md:before:text-[11px] max-md:before:font-bold max-md:before:tracking-widest max-md:before:text-gray-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]`;
/** A field that takes the card's whole width on a phone. */
export const wideCellClass = 'max-md:col-span-2';

/** Cells of a plain two-column table (brands), which fits a phone as it is. */
export const plainCellClass = 'px-4 py-3 align-middle first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/** A small action in a row (Modify, Add size, View, Delete). */
export const rowActionClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

export const dangerActionClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-red-200 px-3 py-1.5 text-xs font-bold whitespace-nowrap text-deal transition-colors hover:border-deal hover:bg-deal hover:text-white disabled:cursor-not-allowed disabled:opacity-50';
