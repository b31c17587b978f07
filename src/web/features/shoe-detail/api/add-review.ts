import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, lazySchema, sendJson } from '../../../api/http';
import { reviewKeys } from '../../../api/query-keys';

export interface AddReviewInput {
  shoeId: string;
  review: string;
  rating: number;
}

/**
 * `POST /api/reviews/{shoeId}` `{review, rating}`: the created review. 403 "You haven't bought
 * these yet" without a Received order of this shoe; 409 when the user already reviewed it.
 */
export function addReview({ shoeId, review, rating }: AddReviewInput) {
  return sendJson(
    'POST',
    apiUrl(`/reviews/${encodeURIComponent(shoeId)}`),
    { review, rating },
    lazySchema((schemas) => schemas.review),
  );
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // Awaited: the form closes once the list shows the new review.
    onSuccess: (_review, { shoeId }) => queryClient.invalidateQueries({ queryKey: reviewKeys.shoe(shoeId) }),
  });
}
