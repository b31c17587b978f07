import { Link } from 'react-router';
import { formatPrice } from '../../../domain/cart-lines';
import { MESSAGES } from '../../../domain/messages';
import type { SearchResult } from '../../api/use-shoe-search';
import { paths } from '../../paths';
import { ShoeImage } from '../shoe-image';

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
            <ShoeImage
              src={shoe.image}
              sizes="thumbnail"
              alt=""
              width={80}
              height={60}
              loading="lazy"
              className="aspect-[4/3] w-20 shrink-0 rounded-lg bg-gray-100 object-cover"
            />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-bold">{shoe.name}</span>
              <span className="text-xs font-semibold tracking-wider text-gray-600 uppercase">
                {shoe.brand}
              </span>
              <span className="text-sm font-bold">{formatPrice(shoe.price)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
