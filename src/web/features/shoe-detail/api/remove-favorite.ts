import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswer } from '../../../api/message-answer';
import { updateFavorites } from '../../../api/use-favorites';

export interface RemoveFavoriteInput {
  userId: string;
  shoeId: string;
}

/** `DELETE /api/favorites/{uid}` `{shoeId}`: answers 'Shoe removed from Favorites'. */
export function removeFavorite({ userId, shoeId }: RemoveFavoriteInput) {
  return sendJson('DELETE', apiUrl(`/favorites/${encodeURIComponent(userId)}`), { shoeId }, messageAnswer);
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_answer, { userId, shoeId }) =>
      updateFavorites(queryClient, userId, (favorites) => favorites.filter((shoe) => shoe._id !== shoeId)),
  });
}
