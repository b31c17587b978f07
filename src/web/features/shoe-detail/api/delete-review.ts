import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '../../../../domain/review';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswer } from '../../../api/message-answer';
import { reviewKeys } from '../../../api/query-keys';

export interface DeleteReviewInput {
  shoeId: string;
  reviewId: string;
}

/** `DELETE /api/reviews/exact/{reviewId}`: `{message}` (the author, or the administrator). */
export function deleteReview({ reviewId }: DeleteReviewInput) {
  return sendJson('DELETE', apiUrl(`/reviews/exact/${encodeURIComponent(reviewId)}`), {}, messageAnswer);
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: async (_answer, { shoeId, reviewId }) => {
      const queryKey = reviewKeys.shoe(shoeId);
      await queryClient.cancelQueries({ queryKey });
      // Gone at once, whichever user's copy of the list holds it; then the server's list.
      queryClient.setQueriesData<Review[]>({ queryKey }, (reviews) =>
        reviews?.filter((review) => review._id !== reviewId),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
