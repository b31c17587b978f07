import { PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useOnSaleShoes } from '../../api/use-on-sale-shoes';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { usePageOffset } from '../../components/use-page-offset';

/** `/sale`: 'ON SALE!', every deal cheapest first, 8 per page (spec §2). */
export default function SalePage() {
  const paging = usePageOffset(PAGE_SIZE.sale);
  const shoes = useOnSaleShoes(paging.offset, PAGE_SIZE.sale);
  return (
    <ShoeListingLayout
      eyebrow="Deals"
      title={MESSAGES.pages.onSaleHeading}
      description="Marked-down pairs, cheapest first. Grab your size while it lasts."
      shoes={shoes}
      paging={paging}
      columns={4}
      emptyTitle="Nothing is on sale right now"
    />
  );
}
