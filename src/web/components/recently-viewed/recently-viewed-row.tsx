import { useEffect, useSyncExternalStore } from 'react';
import { useQueries } from '@tanstack/react-query';
import { isNotFound } from '../../api/http';
import { shoeQuery } from '../../api/use-shoe';
import { ShoeCardRow } from '../shoe-card-row';
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

  return <ShoeCardRow title="Recently viewed" shoes={shoes} className={className} testId="recently-viewed" />;
}
