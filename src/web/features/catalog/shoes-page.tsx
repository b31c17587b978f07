import { PAGES } from '../../../domain/routes';
import { PAGE_SIZE } from '../../../domain/constants';
import type { Listing } from '../../../domain/listings';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { ListingSidebar, ListingToolbar } from './listing-controls';
import { useFilteredListing } from './use-filtered-listing';

const LISTING: Listing = { kind: 'all' };

/** `/shoes`: the whole collection, 6 per page (spec §4), filtered by facets and sorted. */
export default function ShoesPage() {
  const state = useFilteredListing(LISTING, PAGE_SIZE.collection);
  return (
    <ShoeListingLayout
      eyebrow="The collection"
      title={PAGES.shoes.title}
      description="Every model from every brand we carry. Pick your size to see what is in stock."
      toolbar={<ListingToolbar listing={LISTING} state={state} />}
      aside={<ListingSidebar listing={LISTING} state={state} />}
      shoes={state.shoes}
      paging={state.paging}
      preselectedSize={state.preselectedSize}
      columns={3}
      emptyTitle={state.chosen > 0 ? 'No shoes match these filters' : undefined}
    />
  );
}
