import { formatPrice } from '../../domain/cart-lines';
import type { Shoe } from '../../domain/catalog';
import { ShoeImage } from './shoe-image';

/** A shoe in a list of matches (the header search, the admin's shoe picker): picture, name, brand, price. */
export function ShoeSummaryRow({ shoe }: { shoe: Shoe }) {
  return (
    <>
      <ShoeImage
        src={shoe.image}
        sizes="thumbnail"
        alt=""
        width={80}
        height={60}
        loading="lazy"
        className="aspect-[4/3] w-20 shrink-0 rounded-lg bg-gray-100 object-cover"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-bold">{shoe.name}</span>
        <span className="text-xs font-semibold tracking-wider text-gray-600 uppercase">{shoe.brand}</span>
        <span className="text-sm font-bold">{formatPrice(shoe.price)}</span>
      </span>
    </>
  );
}
