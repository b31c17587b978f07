import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { shoeTitle } from '../../../domain/seo';
import type { PageQueries } from '../../api/page-queries';
import { dropListQuery } from '../../api/use-drops';
import { shoeQuery, useShoe } from '../../api/use-shoe';
import { reviewsQuery } from './api/use-reviews';
import { alsoLikeQuery } from './api/use-also-like';
import { AlsoLikeRow } from './also-like/also-like-row';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import { PAGE_WIDTH } from '../../components/page-width';
import { useDocumentTitle } from '../../components/use-document-title';
import { BackHomeLink } from '../../components/back-home-link';
import { RecentlyViewedRow } from '../../components/recently-viewed/recently-viewed-row';
import { rememberViewed } from '../../components/recently-viewed/recently-viewed-store';
import { ReviewsSection } from './reviews/reviews-section';
import { ShoeDetails } from './shoe-details';

/** What the page shows a visitor, fetched by the server before it renders the page once. */
export const pageQueries: PageQueries = ({ id = '' }) => [
  shoeQuery(id),
  reviewsQuery(id, undefined),
  // The row for any size: the same page for everyone (the browser refines it by the shopper's size).
  alsoLikeQuery(id, undefined),
  // A drop of the shoe takes the place of its size and BUY ME! (issue 36).
  dropListQuery(id),
];

/** `/shoes/:id`: LOADING... until loaded, then the shoe, or 'Shoe not found' for an unknown id. */
export default function ShoeDetailPage() {
  const id = useParams().id ?? '';
  const { data: shoe, isPending, isError } = useShoe(id);
  useDocumentTitle(shoe ? shoeTitle(shoe) : isError ? MESSAGES.catalog.shoeNotFound : undefined);
  const shownId = shoe?._id;
  useEffect(() => {
    if (shownId) rememberViewed(shownId);
  }, [shownId]);

  return (
    <div className={`${PAGE_WIDTH} py-8 sm:py-12`}>
      {isPending || shoe ? (
        <>
          <div className="mb-6">
            <BackHomeLink variant="quiet" />
          </div>
          {shoe ? (
            <>
              <ShoeDetails key={shoe._id} shoe={shoe} />
              <AlsoLikeRow key={`also-like-${shoe._id}`} shoeId={shoe._id} className="mt-14" />
              <ReviewsSection key={`reviews-${shoe._id}`} shoeId={shoe._id} />
              <RecentlyViewedRow exceptId={shoe._id} className="mt-14" />
            </>
          ) : (
            <PageLoading />
          )}
        </>
      ) : (
        // Any failure reads as "not found": spec §8 shows no other load errors.
        <section aria-labelledby="not-found-title" className="mx-auto max-w-xl">
          <h1 id="not-found-title" className="mb-6 text-center text-4xl font-black tracking-tight">
            {MESSAGES.catalog.shoeNotFound}
          </h1>
          <EmptyState title="This pair may have sold out or never existed.">
            <BackHomeLink variant="button" />
          </EmptyState>
        </section>
      )}
    </div>
  );
}
