import { RATING } from '../../../../domain/constants';
import type { Review } from '../../../../domain/review';
import { averageRating } from '../../../../domain/review-rating';
import { ratingLabel, StarRating } from './star-rating';

/** "4.3 out of 5 · 6 reviews" with the average as stars, or "No reviews yet". */
export function ReviewSummary({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return <p className="text-base text-gray-700">No reviews yet.</p>;
  const average = averageRating(reviews);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <StarRating rating={average} className="size-6" label={`Average rating: ${ratingLabel(average)}`} />
      <p className="text-base font-semibold text-ink">
        {average.toFixed(1)} out of {RATING.max} · {reviews.length}{' '}
        {reviews.length === 1 ? 'review' : 'reviews'}
      </p>
    </div>
  );
}
