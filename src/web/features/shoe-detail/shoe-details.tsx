import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { sizesOf } from '../../../domain/stock';
import { useDrops } from '../../api/use-drops';
import { BuyButton } from '../../components/buy-button';
import { isLive } from '../../components/drops/drop-clock';
import { DropPanel } from '../../components/drops/drop-panel';
import { SalePrice } from '../../components/sale-price';
import { OnSaleBadge } from '../../components/on-sale-badge';
import { SizeSelect } from '../../components/size-select';
import { useAddToCart } from '../../components/use-add-to-cart';
import { paths } from '../../paths';
import { FavoriteToggle } from './favorite-toggle';
import { RestockForm } from './restock-form';
import { MESSAGES } from '../../../domain/messages';
import { LOW_STOCK } from '../../../domain/constants';
import { ShoeGallery } from './shoe-gallery';

/** Everything about one shoe, and the size + BUY ME! to take it home. */
export function ShoeDetails({ shoe }: { shoe: Shoe }) {
  const { size, setSize, buy, missingSize, sizeRef } = useAddToCart(shoe);
  const sizes = sizesOf(shoe);
  const inStock = sizes.some((entry) => entry.quantity > 0);
  const chosen = sizes.find((entry) => entry.size === size);
  // A drop not over sells the shoe (issue 36): the checkout refuses it meanwhile.
  const drops = useDrops(shoe._id);
  const drop = drops.data?.answer.find(isLive);

  return (
    <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:gap-14">
      <ShoeGallery shoe={shoe} />
      <div className="flex flex-col">
        <Link
          to={paths.collection(shoe.brand)}
          className="self-start rounded-sm text-sm font-extrabold tracking-widest text-accent-dark uppercase underline-offset-4 hover:underline"
        >
          {shoe.brand}
        </Link>
        <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">{shoe.name}</h1>
        <div className="mt-4 flex items-center gap-3">
          <SalePrice shoe={shoe} priceClassName="text-3xl font-black" />
          {shoe.onSale && <OnSaleBadge />}
        </div>
        <p className="mt-6 text-base leading-relaxed text-gray-700">{shoe.description}</p>
        {/* A fixed first column: a slow parse that paints Color before Brand moves no value. */}
        <dl className="mt-6 grid grid-cols-[4rem_1fr] gap-x-6 gap-y-2 border-y border-gray-200 py-4 text-sm">
          <dt className="font-bold text-gray-700">Color</dt>
          <dd className="font-semibold">{shoe.color}</dd>
          <dt className="font-bold text-gray-700">Brand</dt>
          <dd className="font-semibold">{shoe.brand}</dd>
        </dl>
        {drop ? (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <DropPanel drop={drop} receivedAt={drops.data?.receivedAt ?? null} />
            </div>
            <FavoriteToggle shoe={shoe} />
          </div>
        ) : (
          <>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
              <SizeSelect
                ref={sizeRef}
                sizes={sizes}
                value={size}
                onChange={setSize}
                invalid={missingSize}
                className="sm:w-48"
              />
              <div className="flex gap-3 sm:flex-1">
                <BuyButton onClick={buy} disabled={!inStock} className="w-full flex-1 text-base" />
                <FavoriteToggle shoe={shoe} />
              </div>
            </div>
            <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              {/* Always there, so a change of size is announced. */}
              <p aria-live="polite" className="min-h-5 text-sm font-bold text-deal">
                {chosen && chosen.quantity > 0 && chosen.quantity <= LOW_STOCK
                  ? MESSAGES.restock.onlyLeft(chosen.quantity)
                  : ''}
              </p>
              <Link
                to={paths.sizeChart}
                className="text-sm font-semibold text-accent-dark underline underline-offset-4 hover:text-ink"
              >
                Size chart
              </Link>
            </div>
          </>
        )}
        {!drop && <RestockForm shoe={shoe} />}
      </div>
    </div>
  );
}
