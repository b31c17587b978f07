import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import type { SearchResult } from '../../api/use-shoe-search';
import { paths } from '../../paths';
import { ShoeSummaryRow } from '../shoe-summary-row';

interface SearchResultsProps {
  result: SearchResult | undefined;
  searching: boolean;
  /** Following a result closes the panel. */
  onPick: () => void;
}

/** The matches of the header search (image, name, price), or the server's text message (spec §2). */
export function SearchResults({ result, searching, onPick }: SearchResultsProps) {
  if (!result) {
    return searching ? (
      <p className="px-1 text-sm font-semibold text-gray-600">{MESSAGES.pages.loading}</p>
    ) : null;
  }
  if (result.kind === 'message') {
    return (
      <p className="rounded-xl bg-paper px-4 py-6 text-center font-semibold text-gray-700">
        {result.message}
      </p>
    );
  }
  return (
    <ul className={`flex flex-col gap-1 transition-opacity ${searching ? 'opacity-60' : ''}`}>
      {result.shoes.map((shoe) => (
        <li key={shoe._id}>
          <Link
            to={paths.shoe(shoe._id)}
            onClick={onPick}
            className="flex items-center gap-4 rounded-xl p-2 transition-colors hover:bg-paper"
          >
            <ShoeSummaryRow shoe={shoe} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
