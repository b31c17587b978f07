import { Star } from 'lucide-react';
import { RATING } from '../../../../domain/constants';

interface RatingPickerProps {
  /** Name of the radio group (unique per form). */
  name: string;
  value: number;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

const RATINGS = Array.from({ length: RATING.max - RATING.min + 1 }, (_, index) => RATING.min + index);

/**
 * 1-5 stars as real radio buttons ("1 star" ... "5 stars"), so arrow keys and screen readers
 * work; the stars up to the chosen one light up.
 */
export function RatingPicker({ name, value, onChange, onBlur, disabled }: RatingPickerProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 block text-sm font-semibold text-ink">Rating</legend>
      <div className="flex items-center gap-1">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-dark"
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              onBlur={onBlur}
              className="sr-only"
            />
            <span className="sr-only">{rating === 1 ? '1 star' : `${rating} stars`}</span>
            <Star
              aria-hidden="true"
              className={`size-7 transition-colors ${rating <= value ? 'text-amber-500' : 'text-gray-300'}`}
              fill="currentColor"
              strokeWidth={1.5}
            />
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 text-sm font-semibold text-gray-700">
          {value} / {RATING.max}
        </span>
      </div>
    </fieldset>
  );
}
