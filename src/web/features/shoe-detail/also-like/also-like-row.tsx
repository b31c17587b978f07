import { useSyncExternalStore } from 'react';
import { readShopperSize, subscribeShopperSize } from '../../../lib/shopper-size';
import { ShoeCardRow } from '../../../components/shoe-card-row';
import { useAlsoLike } from '../api/use-also-like';

const noSize = () => undefined;

/**
 * "You may also like" (issue 35 item 4, docs/decisions/027): the server renders the row for any size
 * (one page for everyone, kept in the catalogue cache); once the app has taken the page over, a size
 * known on this device (shopper-size.ts) asks for the row in that size, the first row staying shown
 * meanwhile. Nothing is drawn when no shoe is offered.
 */
export function AlsoLikeRow({ shoeId, className }: { shoeId: string; className: string }) {
  const size = useSyncExternalStore(subscribeShopperSize, readShopperSize, noSize);
  const { data: shoes } = useAlsoLike(shoeId, size);
  if (!shoes || shoes.length === 0) return null;

  return <ShoeCardRow title="You may also like" shoes={shoes} className={className} testId="also-like" />;
}
