import { formatPrice } from '../../domain/cart-lines';
import type { Shoe } from '../../domain/catalog';
import { ShoeThumbnail } from './shoe-thumbnail';

/** A shoe in a list of matches (the header search, the admin's shoe picker): picture, name, brand, price. */
export function ShoeSummaryRow({ shoe }: { shoe: Shoe }) {
  return (
    <>
      <ShoeThumbnail src={shoe.image} width={80} lazy className="w-20 shrink-0 rounded-lg" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-bold">{shoe.name}</span>
        <span className="text-xs font-semibold tracking-wider text-gray-600 uppercase">{shoe.brand}</span>
        <span className="text-sm font-bold">{formatPrice(shoe.price)}</span>
      </span>
    </>
  );
}
