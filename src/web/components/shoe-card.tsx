import { Link } from 'react-router';
import type { Shoe } from '../../domain/catalog';
import { sizesOf } from '../../domain/stock';
import { paths } from '../paths';
import { BuyButton } from './buy-button';
import { CardPicture } from './card-picture';
import { OnSaleBadge } from './on-sale-badge';
import { SalePrice } from './sale-price';
import { SizeSelect } from './size-select';
import { useAddToCart } from './use-add-to-cart';

export type CardHeadingLevel = 'h2' | 'h3';

interface ShoeCardProps {
  shoe: Shoe;
  /** One level below the list's own heading, so the outline never skips a level. */
  headingLevel: CardHeadingLevel;
  /** The first row of a page is above the fold: load it eagerly. */
  eager?: boolean;
  /** The page's first card: its picture is fetched first (see CardPicture). */
  priority?: boolean;
  /** The size the listing is filtered by: chosen on the card if in stock, so BUY ME! adds it at once. */
  preselectedSize?: string;
}

export function ShoeCard({
  shoe,
  headingLevel: Heading,
  eager = false,
  priority = false,
  preselectedSize,
}: ShoeCardProps) {
  const { size, setSize, buy } = useAddToCart(shoe, preselectedSize);
  const sizes = sizesOf(shoe);
  const inStock = sizes.some((entry) => entry.quantity > 0);
  const href = paths.shoe(shoe._id);

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition-shadow duration-300 hover:shadow-xl">
      <div className="relative overflow-hidden bg-gray-100">
        {/* The name link below carries the accessible name; this one just makes the picture clickable. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          <CardPicture shoe={shoe} sizes="card" eager={eager} priority={priority} />
        </Link>
        {shoe.onSale && <OnSaleBadge className="absolute top-3 left-3 shadow" />}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4 sm:p-5">
        <p className="text-xs font-bold tracking-widest text-gray-600 uppercase">{shoe.brand}</p>
        <Heading className="text-lg leading-snug font-extrabold">
          <Link to={href} className="rounded-sm hover:text-accent-dark hover:underline">
            {shoe.name}
          </Link>
        </Heading>
        <SalePrice shoe={shoe} priceClassName="text-lg" />
        <div className="mt-auto flex items-end gap-2 pt-3">
          <SizeSelect sizes={sizes} value={size} onChange={setSize} className="min-w-0 flex-1" />
          <BuyButton onClick={buy} disabled={!inStock} className="shrink-0" />
        </div>
      </div>
    </article>
  );
}
