import { Star } from 'lucide-react';
import { RATING } from '../../../../domain/constants';

/** "4 out of 5 stars" (whole or averaged ratings). */
export function ratingLabel(rating: number): string {
  return `${rating} out of ${RATING.max} stars`;
}

interface StarRatingProps {
  /** 0-5; an average may be fractional (4.3 fills four stars and a third of the fifth). */
  rating: number;
  className?: string;
  /** Read instead of "4 out of 5 stars", e.g. for the average. */
  label?: string;
}

/** Five stars, filled up to `rating`; read by screen readers as one image, "4 out of 5 stars". */
export function StarRating({ rating, className = 'size-4', label }: StarRatingProps) {
  return (
    <span role="img" aria-label={label ?? ratingLabel(rating)} className="inline-flex items-center gap-0.5">
      {Array.from({ length: RATING.max }, (_, index) => {
        const fill = Math.max(0, Math.min(1, rating - index));
        return (
          <span key={index} aria-hidden="true" className="relative inline-flex">
            <Star className={`${className} text-gray-300`} fill="currentColor" strokeWidth={1.5} />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={`${className} text-amber-500`} fill="currentColor" strokeWidth={1.5} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
