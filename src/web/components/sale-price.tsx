import { formatPrice } from '../../domain/cart-lines';
import { saleSaving } from '../../domain/compare-at';
import type { Shoe } from '../../domain/catalog';

interface SalePriceProps {
  shoe: Pick<Shoe, 'price' | 'compareAtPrice' | 'onSale'>;
  /** The price's own type: `text-lg` on cards, `text-3xl` on the shoe's page. */
  priceClassName: string;
  className?: string;
}

/**
 * A shoe's price; on sale with a higher compare-at price (issue 33 item 6) also the old price struck
 * through and "20% off". Screen readers hear "Was $150, now $120" instead of two bare figures.
 */
export function SalePrice({ shoe, priceClassName, className = '' }: SalePriceProps) {
  const saving = saleSaving(shoe);
  const price = (
    <span className={`font-bold ${shoe.onSale ? 'text-deal' : 'text-ink'} ${priceClassName}`}>
      {formatPrice(shoe.price)}
    </span>
  );
  if (!saving) return <p className={className}>{price}</p>;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`} data-testid="sale-price">
      <span className="sr-only">{saving.spoken}</span>
      <span aria-hidden="true" className="contents">
        {price}
        <s className="text-base font-semibold text-gray-600">{formatPrice(saving.was)}</s>
      </span>
      {saving.percentOff > 0 && (
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-sm font-extrabold text-deal">
          {saving.percentOff}% off
        </span>
      )}
    </p>
  );
}
