import { useMemo } from 'react';
import { useParams } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import type { Listing } from '../../../domain/listings';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { useDocumentTitle } from '../../components/use-document-title';
import { ListingSidebar, ListingToolbar } from './listing-controls';
import { useFilteredListing } from './use-filtered-listing';

/** `/collections/:brand`: a brand's shoes, 28 per page, filtered by facets and sorted. */
export default function CollectionPage() {
  const brand = useParams().brand ?? '';
  const listing = useMemo((): Listing => ({ kind: 'brand', brand }), [brand]);
  const state = useFilteredListing(listing, PAGE_SIZE.brandCatalogue);
  // The URL may say "velo"; once the shoes arrive, show the brand as the shop spells it.
  const title = state.shoes.data?.items[0]?.brand ?? brand;
  useDocumentTitle(title);

  return (
    <ShoeListingLayout
      eyebrow="Collection"
      title={title}
      toolbar={<ListingToolbar listing={listing} state={state} />}
      aside={<ListingSidebar listing={listing} state={state} />}
      shoes={state.shoes}
      paging={state.paging}
      preselectedSize={state.preselectedSize}
      columns={4}
      emptyTitle={state.chosen > 0 ? `No ${title} shoes match these filters` : `No shoes from ${title} yet`}
    />
  );
}
