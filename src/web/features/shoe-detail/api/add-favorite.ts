import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Shoe } from '../../../../domain/catalog';
import { apiUrl, sendJson } from '../../../api/http';
import { messageAnswer } from '../../../api/message-answer';
import { updateFavorites } from '../../../api/use-favorites';

export interface FavoriteInput {
  userId: string;
  shoe: Shoe;
}

/** `POST /api/favorites/{uid}` `{shoeId}`: answers 'Shoe added to Favorites' (adding twice keeps one). */
export function addFavorite({ userId, shoe }: FavoriteInput) {
  return sendJson(
    'POST',
    apiUrl(`/favorites/${encodeURIComponent(userId)}`),
    { shoeId: shoe._id },
    messageAnswer,
  );
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    // Newest first, like the server's list.
    onSuccess: (_answer, { userId, shoe }) =>
      updateFavorites(queryClient, userId, (favorites) => [
        shoe,
        ...favorites.filter((favorite) => favorite._id !== shoe._id),
      ]),
  });
}
