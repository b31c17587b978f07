import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shoeAnswerSchema, type createShoeSchema } from '../../../../domain/admin';
import { apiUrl } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';

export interface CreateShoeRequest {
  /** The form's fields as createShoeSchema outputs them. */
  fields: z.output<typeof createShoeSchema>;
  image: File;
}

/**
 * `POST /api/shoes` multipart (text fields + file `image`): 201 'Your shoe was added to store'
 * and the shoe; 400 with `fields`, 413 image too large, 415 not an image.
 */
export function createShoe({ fields, image }: CreateShoeRequest, onProgress?: ProgressListener) {
  return sendMultipart(
    'POST',
    apiUrl('/shoes'),
    multipartBody(fields, { image }),
    shoeAnswerSchema,
    onProgress,
  );
}

export function useCreateShoe(onProgress?: ProgressListener) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateShoeRequest) => createShoe(request, onProgress),
    onSuccess: () => refreshCatalog(queryClient),
  });
}
