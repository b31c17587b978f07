import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl } from '../../../api/http';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';
import { setSessionUser } from '../../../api/use-session';
import { messageAndUserAnswerSchema as answerSchema } from '../../../../domain/contracts/answers';

export type AvatarAnswer = z.infer<typeof answerSchema>;

/**
 * `POST /api/account/image` (multipart field `image`): answers 'Image Upload' and the user
 * with the new image; 413 too large, 415 not an image.
 */
export function uploadAvatar(file: File, onProgress?: ProgressListener): Promise<AvatarAnswer> {
  return sendMultipart(
    'POST',
    apiUrl('/account/image'),
    multipartBody({}, { image: file }),
    answerSchema,
    onProgress,
  );
}

export function useUploadAvatar(onProgress?: ProgressListener) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
