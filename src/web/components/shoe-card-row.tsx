import { useId } from 'react';
import { Link } from 'react-router';
import type { Shoe } from '../../domain/catalog';
import { paths } from '../paths';
import { SalePrice } from './sale-price';
import { ShoeThumbnail } from './shoe-thumbnail';

/**
 * A titled row of shoe cards that scrolls sideways (picture, brand, name, price), as "You may also
 * like" and "Recently viewed" show them. `testId` names the row for the browser tests.
 */
export function ShoeCardRow({
  title,
  shoes,
  className,
  testId,
}: {
  title: string;
  shoes: readonly Shoe[];
  /** Its place on the page (width and margins). */
  className: string;
  testId: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className} data-testid={testId}>
      <h2 id={headingId} className="mb-5 text-2xl font-black tracking-tight sm:text-3xl">
        {title}
      </h2>
      <ul className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-3">
        {shoes.map((shoe) => (
          <li key={shoe._id} className="w-40 shrink-0 snap-start sm:w-48">
            <Link
              to={paths.shoe(shoe._id)}
              className="group block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <ShoeThumbnail src={shoe.image} width={192} lazy className="w-full rounded-2xl" />
              <span className="mt-2 block text-xs font-semibold tracking-wide text-gray-600 uppercase">
                {shoe.brand}
              </span>
              <span className="block truncate font-bold group-hover:underline">{shoe.name}</span>
            </Link>
            <SalePrice shoe={shoe} priceClassName="text-base" />
          </li>
        ))}
      </ul>
    </section>
  );
}
