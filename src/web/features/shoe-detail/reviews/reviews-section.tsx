import { Link, useLocation } from 'react-router';
import { useReviews } from '../api/use-reviews';
import { useSession } from '../../../api/use-session';
import { textLinkClass } from '../../../components/forms/button-class';
import type { SignInRedirectState } from '../../../components/guards/require-user';
import { paths } from '../../../paths';
import { AddReview } from './add-review';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

/**
 * The shoe's reviews (spec §2, §4): the average, then the list, newest first. A signed-in user
 * without a review can add one; a visitor is invited to sign in.
 */
export function ReviewsSection({ shoeId }: { shoeId: string }) {
  const { data: user, isPending: sessionPending } = useSession();
  const { data: reviews, isPending, isError } = useReviews(shoeId, user?._id);
  const location = useLocation();
  const signInState: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  const hasOwn = reviews?.some((review) => review.own) ?? false;

  return (
    <section aria-labelledby="reviews-title" className="mt-14 border-t border-gray-200 pt-10">
      <h2 id="reviews-title" className="text-3xl font-black tracking-tight">
        Reviews
      </h2>
      <div className="mt-4">
        {isPending ? (
          <p className="text-gray-600">Loading reviews...</p>
        ) : isError ? (
          // Spec §8: other load failures are only logged; an empty section still reads well.
          <p className="text-gray-600">Reviews are not available right now.</p>
        ) : (
          <ReviewSummary reviews={reviews} />
        )}
      </div>
      {!sessionPending && !isPending && (
        <div className="mt-6">
          {!user ? (
            <p className="text-base text-gray-700">
              <Link to={paths.signIn} state={signInState} className={textLinkClass}>
                Sign in to review
              </Link>
            </p>
          ) : (
            !hasOwn && !isError && <AddReview key={user._id} shoeId={shoeId} />
          )}
        </div>
      )}
      {reviews && reviews.length > 0 && (
        <ul aria-label="Reviews list" className="mt-6 space-y-4">
          {reviews.map((review) => (
            <ReviewItem key={review._id} review={review} shoeId={shoeId} />
          ))}
        </ul>
      )}
    </section>
  );
}
