import { useRef } from 'react';
import { PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useOnSaleShoes } from '../../api/use-on-sale-shoes';
import { PagedShoeList } from '../../components/paged-shoe-list';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { usePageOffset } from '../../components/use-page-offset';

/** `/sale`: 'ON SALE!', every deal cheapest first, 8 per page (spec §2). */
export default function SalePage() {
  const [offset, setOffset] = usePageOffset(PAGE_SIZE.sale);
  const { data, isPending, isPlaceholderData } = useOnSaleShoes(offset, PAGE_SIZE.sale);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader
        ref={heading}
        eyebrow="Deals"
        title={MESSAGES.pages.onSaleHeading}
        description="Marked-down pairs, cheapest first. Grab your size while it lasts."
      />
      <PagedShoeList
        page={data}
        loading={isPending}
        stale={isPlaceholderData}
        offset={offset}
        pageSize={PAGE_SIZE.sale}
        onOffsetChange={setOffset}
        listHeading={heading}
        headingLevel="h2"
        columns={4}
        emptyTitle="Nothing is on sale right now"
      />
    </div>
  );
}
