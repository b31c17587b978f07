import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { SEARCH_PARAM, type Listing } from '../../../domain/listings';
import { MESSAGES } from '../../../domain/messages';
import { ShoeListingLayout } from '../../components/shoe-listing-layout';
import { useDocumentTitle } from '../../components/use-document-title';
import { ListingSidebar, ListingToolbar } from './listing-controls';
import { useFilteredListing } from './use-filtered-listing';

/**
 * `/search?q=`: a search's results (issue 35 item 5), best matches first unless a sort is chosen,
 * 6 per page, with the facets of `/shoes` counted within the matches. Enter in the header's search
 * opens it; the filters live in the URL beside `q`, so it can be shared and reloaded.
 */
export default function SearchPage() {
  const q = useSearchParams()[0].get(SEARCH_PARAM)?.trim() ?? '';
  const listing = useMemo((): Listing => ({ kind: 'search', q }), [q]);
  const state = useFilteredListing(listing, PAGE_SIZE.collection);
  const title = q ? `Results for “${q}”` : 'Search';
  useDocumentTitle(title);

  return (
    <ShoeListingLayout
      eyebrow="Search"
      title={title}
      description={q ? undefined : 'Type what you are looking for in the search at the top of the page.'}
      toolbar={<ListingToolbar listing={listing} state={state} />}
      aside={<ListingSidebar listing={listing} state={state} />}
      shoes={state.shoes}
      paging={state.paging}
      preselectedSize={state.preselectedSize}
      columns={3}
      emptyTitle={state.chosen > 0 ? 'No shoes match these filters' : MESSAGES.catalog.noSearchMatch}
    />
  );
}
