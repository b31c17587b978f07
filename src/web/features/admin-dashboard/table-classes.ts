/** A field of an admin table's row that takes the row card's whole width on a phone. */
export const wideCellClass = 'max-md:col-span-2';

/** A small action in a row (Modify, Add size, View, Delete). */
export const rowActionClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors hover:border-ink hover:bg-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

export const dangerActionClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-red-200 px-3 py-1.5 text-xs font-bold whitespace-nowrap text-deal transition-colors hover:border-deal hover:bg-deal hover:text-white disabled:cursor-not-allowed disabled:opacity-50';
