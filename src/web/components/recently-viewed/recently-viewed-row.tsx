import { useEffect, useId, useSyncExternalStore } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isNotFound } from '../../api/http';
import { shoeQuery } from '../../api/use-shoe';
import { paths } from '../../paths';
import { SalePrice } from '../sale-price';
import { ShoeThumbnail } from '../shoe-thumbnail';
import { forgetViewed, readRecentlyViewed, subscribeRecentlyViewed } from './recently-viewed-store';

/** How many shoes the row shows. */
export const RECENTLY_VIEWED_SHOWN = 6;

const NONE: string[] = [];

/**
 * "Recently viewed" (issue 35 item 6): the shoes this device opened last, newest first, each read from
 * the API (a shoe that answers 404 is gone: dropped from the row and from the device's list), without
 * `exceptId` (the shoe of the page it is on). Drawn only once the app has taken the page over: the
 * server renders nothing here, as it cannot know the device's list.
 */
export function RecentlyViewedRow({
  exceptId,
  className,
}: {
  exceptId?: string;
  /** Its place on the page (width and margins). */
  className: string;
}) {
  const headingId = useId();
  const stored = useSyncExternalStore(subscribeRecentlyViewed, readRecentlyViewed, () => NONE);
  const ids = stored.filter((id) => id !== exceptId).slice(0, RECENTLY_VIEWED_SHOWN);
  const answers = useQueries({ queries: ids.map((id) => shoeQuery(id)) });
  const gone = ids.filter((_, i) => isNotFound(answers[i]?.error));
  const goneKey = gone.join();
  useEffect(() => {
    if (goneKey) forgetViewed(goneKey.split(','));
  }, [goneKey]);
  const shoes = answers.flatMap((answer) => (answer.data ? [answer.data] : []));
  if (shoes.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={className} data-testid="recently-viewed">
      <h2 id={headingId} className="mb-5 text-2xl font-black tracking-tight sm:text-3xl">
        Recently viewed
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
