import { Link } from 'react-router';
import type { Shoe } from '../../../domain/catalog';
import { PageLoading } from '../../components/page-loading';
import { PAGE_WIDTH } from '../../components/page-width';
import { paths } from '../../paths';
import { SaleCarousel } from './sale-carousel';
import { WinterSaleBanner } from './winter-sale-banner';

interface OnSaleSectionProps {
  shoes: Shoe[];
  loading: boolean;
}

const HEADING_ID = 'deals-heading';

/** The home page's deals: a carousel of on-sale shoes, or the winter-sale banner when there are none. */
export function OnSaleSection({ shoes, loading }: OnSaleSectionProps) {
  const hasDeals = shoes.length > 0;
  const heading = (
    <div>
      <h2 id={HEADING_ID} className="text-3xl font-black tracking-tight sm:text-4xl">
        Hot deals
      </h2>
      {hasDeals && (
        <Link
          to={paths.sale}
          className="mt-1 inline-block text-sm font-bold text-accent-dark underline-offset-4 hover:underline"
        >
          Shop all deals
        </Link>
      )}
    </div>
  );

  return (
    <section
      aria-labelledby={HEADING_ID}
      aria-roledescription={hasDeals ? 'carousel' : undefined}
      className={`${PAGE_WIDTH} mt-14 sm:mt-20`}
    >
      {hasDeals ? (
        <SaleCarousel shoes={shoes} heading={heading} />
      ) : (
        <>
          <div className="mb-6">{heading}</div>
          {loading ? <PageLoading /> : <WinterSaleBanner />}
        </>
      )}
    </section>
  );
}
