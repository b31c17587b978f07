import { PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import type { Listing } from '../../../domain/listings';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { ListingSidebar, ListingToolbar } from './listing-controls';
import { useFilteredListing } from './use-filtered-listing';

const LISTING: Listing = { kind: 'sale' };

/** `/sale`: 'ON SALE!', every deal cheapest first unless sorted otherwise, 8 per page (spec §2). */
export default function SalePage() {
  const state = useFilteredListing(LISTING, PAGE_SIZE.sale);
  return (
    <ShoeListingLayout
      eyebrow="Deals"
      title={MESSAGES.pages.onSaleHeading}
      description="Marked-down pairs, cheapest first. Grab your size while it lasts."
      toolbar={<ListingToolbar listing={LISTING} state={state} />}
      aside={<ListingSidebar listing={LISTING} state={state} />}
      shoes={state.shoes}
      paging={state.paging}
      preselectedSize={state.preselectedSize}
      columns={4}
      emptyTitle={state.chosen > 0 ? 'No deals match these filters' : 'Nothing is on sale right now'}
    />
  );
}
