import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, lazySchema, sendJson } from '../../../api/http';
import { reviewKeys } from '../../../api/query-keys';

export interface EditReviewInput {
  shoeId: string;
  reviewId: string;
  review: string;
  rating: number;
}

/** `PUT /api/reviews/exact/{reviewId}` `{review, rating}`: the edited review (author only). */
export function editReview({ reviewId, review, rating }: EditReviewInput) {
  return sendJson(
    'PUT',
    apiUrl(`/reviews/exact/${encodeURIComponent(reviewId)}`),
    { review, rating },
    lazySchema((schemas) => schemas.review),
  );
}

export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReview,
    onSuccess: (_review, { shoeId }) => queryClient.invalidateQueries({ queryKey: reviewKeys.shoe(shoeId) }),
  });
}
