import type { ReactNode } from 'react';

export interface Fact {
  term: string;
  detail: ReactNode;
  /** Takes a whole row on a phone (two facts share a row otherwise). */
  wide?: boolean;
}

/**
 * A record's facts as tiles (an order's id, date, total...): two to a row on a phone, one row
 * on a large screen, its columns as `columns` (`lg:grid-cols-[2fr_1fr_1fr_1fr]`) says.
 */
export function FactsGrid({ facts, columns }: { facts: readonly Fact[]; columns: string }) {
  return (
    <dl
      className={`grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-gray-200 shadow-sm ring-1 ring-black/5 ${columns}`}
    >
      {facts.map(({ term, detail, wide }) => (
        <div
          key={term}
          className={`flex min-w-0 flex-col gap-1.5 bg-white px-5 py-4 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
        >
          <dt className="text-xs font-bold tracking-widest text-gray-600 uppercase">{term}</dt>
          <dd className="font-semibold">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
