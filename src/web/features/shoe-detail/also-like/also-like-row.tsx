import { useId, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { readShopperSize, subscribeShopperSize } from '../../../lib/shopper-size';
import { paths } from '../../../paths';
import { SalePrice } from '../../../components/sale-price';
import { ShoeThumbnail } from '../../../components/shoe-thumbnail';
import { useAlsoLike } from '../api/use-also-like';

const noSize = () => undefined;

/**
 * "You may also like" (issue 35 item 4, docs/decisions/027): the server renders the row for any size
 * (one page for everyone, kept in the catalogue cache); once the app has taken the page over, a size
 * known on this device (shopper-size.ts) asks for the row in that size, the first row staying shown
 * meanwhile. Nothing is drawn when no shoe is offered.
 */
export function AlsoLikeRow({ shoeId, className }: { shoeId: string; className: string }) {
  const headingId = useId();
  const size = useSyncExternalStore(subscribeShopperSize, readShopperSize, noSize);
  const { data: shoes } = useAlsoLike(shoeId, size);
  if (!shoes || shoes.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={className} data-testid="also-like">
      <h2 id={headingId} className="mb-5 text-2xl font-black tracking-tight sm:text-3xl">
        You may also like
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
