import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema } from '../../domain/account';
import { MESSAGES } from '../../domain/messages';
import { ApiError, apiErrorFrom, apiUrl } from './http';
import { setSessionUser } from './use-session';

const answerSchema = z.object({ message: z.string(), user: userSchema });
export type AvatarAnswer = z.infer<typeof answerSchema>;

/**
 * `POST /api/account/image` (multipart field `image`): answers 'Image Upload' and the user
 * with the new image; 413 too large, 415 not an image. XMLHttpRequest rather than fetch
 * because only it reports upload progress.
 */
export function uploadAvatar(file: File, onProgress?: (fraction: number) => void): Promise<AvatarAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('/account/image'));
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFrom(request.status, request.statusText, request.responseText));
        return;
      }
      try {
        resolve(answerSchema.parse(JSON.parse(request.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network', MESSAGES.common.somethingWrong));
    const body = new FormData();
    body.append('image', file);
    request.send(body);
  });
}

export function useUploadAvatar(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
