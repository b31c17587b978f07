import { useRef } from 'react';
import { Link } from 'react-router';
import { HOME_CAROUSEL_SIZE, PAGE_SIZE } from '../../../domain/constants';
import { useOnSaleShoes } from '../../api/use-on-sale-shoes';
import { useShoes } from '../../api/use-shoes';
import { HelpChat } from './help-chat/help-chat';
import { PagedShoeList } from '../../components/paged-shoe-list';
import { PAGE_WIDTH } from '../../components/page-width';
import { RecentlyViewedRow } from '../../components/recently-viewed/recently-viewed-row';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePageOffset } from '../../components/use-page-offset';
import { paths } from '../../paths';
import { HomeHero } from './home-hero';
import { OnSaleSection } from './on-sale-section';
import { UpcomingDrops } from './upcoming-drops';

/** Home (spec §2): hero, on-sale carousel, help chat, then the whole collection 6 at a time. */
export default function HomePage() {
  useDocumentTitle(undefined);
  const deals = useOnSaleShoes(0, HOME_CAROUSEL_SIZE);
  const paging = usePageOffset(PAGE_SIZE.collection);
  const listing = useShoes({ offset: paging.offset, limit: PAGE_SIZE.collection });
  const listHeading = useRef<HTMLHeadingElement>(null);
  const dealShoes = deals.data?.items ?? [];

  return (
    <>
      <HomeHero featured={dealShoes[0]} />
      <UpcomingDrops />
      <OnSaleSection shoes={dealShoes} loading={deals.isPending} />
      <HelpChat />
      <section aria-labelledby="collection-heading" className={`${PAGE_WIDTH} mt-14 sm:mt-20`}>
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2
            id="collection-heading"
            ref={listHeading}
            tabIndex={-1}
            className="scroll-mt-32 text-3xl font-black tracking-tight sm:text-4xl"
          >
            The collection
          </h2>
          <Link
            to={paths.shoes}
            className="shrink-0 text-sm font-bold text-accent-dark underline-offset-4 hover:underline"
          >
            View all
          </Link>
        </div>
        <PagedShoeList
          shoes={listing}
          paging={paging}
          listHeading={listHeading}
          headingLevel="h3"
          columns={3}
        />
      </section>
      <RecentlyViewedRow className={`${PAGE_WIDTH} mt-14 sm:mt-20`} />
    </>
  );
}
