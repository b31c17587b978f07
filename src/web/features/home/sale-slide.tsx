import { Link } from 'react-router';
import { saleSaving } from '../../../domain/compare-at';
import { formatPrice } from '../../../domain/cart-lines';
import type { Shoe } from '../../../domain/catalog';
import { paths } from '../../paths';
import { CardPicture } from '../../components/card-picture';

interface SaleSlideProps {
  shoe: Shoe;
  position: number;
  count: number;
  /** Slides visible on arrival load eagerly; the rest wait until scrolled to. */
  eager: boolean;
}

/** One deal of the home carousel: links to the shoe and reads 'SALE $price' (spec §2). */
export function SaleSlide({ shoe, position, count, eager }: SaleSlideProps) {
  // A compare-at price above the sale price: the old one struck through and the percent off.
  const saving = saleSaving(shoe);
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      className="min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/2 lg:basis-1/3"
    >
      <Link
        to={paths.shoe(shoe._id)}
        className="group block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-xl"
      >
        <div className="overflow-hidden bg-gray-100">
          <CardPicture shoe={shoe} sizes="slide" eager={eager} />
        </div>
        <div className="flex items-end justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="truncate text-lg font-extrabold group-hover:text-accent-dark">{shoe.name}</p>
            <p className="text-xs font-bold tracking-widest text-gray-600 uppercase">{shoe.brand}</p>
            {saving && (
              <p className="mt-1 text-sm">
                <span className="sr-only">{saving.spoken}, </span>
                <s aria-hidden="true" className="font-semibold text-gray-600">
                  {formatPrice(saving.was)}
                </s>
                {saving.percentOff > 0 && (
                  <span className="ml-2 font-extrabold text-deal">{saving.percentOff}% off</span>
                )}
              </p>
            )}
          </div>
          <p className="shrink-0 rounded-full bg-deal px-3 py-1.5 text-sm font-extrabold text-white">
            SALE {formatPrice(shoe.price)}
          </p>
        </div>
      </Link>
    </div>
  );
}
