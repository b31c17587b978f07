import { Link } from 'react-router';
import { formatPrice } from '../../../domain/cart-lines';
import type { Shoe } from '../../../domain/catalog';
import { textLinkClass } from '../../components/forms/button-class';
import { StockList } from './stock-list';

interface ShoeSummaryProps {
  shoe: Shoe;
  /** The picker, to work on another shoe. */
  changePath: string;
}

/** Which shoe the form works on: its image, name, brand, price and sizes in stock. */
export function ShoeSummary({ shoe, changePath }: ShoeSummaryProps) {
  return (
    <section
      aria-label="Selected shoe"
      className="flex items-start gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:gap-5 sm:p-6"
    >
      <img
        src={shoe.image}
        alt={`${shoe.brand} ${shoe.name}`}
        width={192}
        height={144}
        className="aspect-[4/3] w-24 shrink-0 rounded-xl bg-gray-100 object-cover sm:w-48 sm:rounded-2xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <p className="text-xs font-extrabold tracking-widest text-accent-dark uppercase">{shoe.brand}</p>
            <p className="text-lg font-black tracking-tight break-words sm:text-xl">{shoe.name}</p>
            <p className="text-sm font-semibold text-gray-700">
              {shoe.color} · {formatPrice(shoe.price)}
            </p>
          </div>
          <Link to={changePath} className={`${textLinkClass} text-sm`}>
            Change shoe
          </Link>
        </div>
        <StockList stock={shoe.stock} />
      </div>
    </section>
  );
}
