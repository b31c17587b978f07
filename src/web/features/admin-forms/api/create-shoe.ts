import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shoeAnswerSchema, type createShoeSchema, type SizeRow } from '../../../../domain/admin';
import { apiUrl } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';

export interface CreateShoeRequest {
  /** The form's fields as createShoeSchema outputs them. */
  fields: z.output<typeof createShoeSchema>;
  /** The size grid's rows after the first size, sent as JSON text in `moreSizes` when there are any. */
  moreSizes?: readonly SizeRow[];
  image: File;
}

/**
 * `POST /api/shoes` multipart (text fields, the size grid's `moreSizes` JSON + file `image`): 201 'Your shoe was added to store'
 * and the shoe; 400 with `fields`, 413 image too large, 415 not an image.
 */
export function createShoe(
  { fields, moreSizes = [], image }: CreateShoeRequest,
  onProgress?: ProgressListener,
) {
  const grid = moreSizes.length > 0 ? { moreSizes: JSON.stringify(moreSizes) } : {};
  return sendMultipart(
    'POST',
    apiUrl('/shoes'),
    multipartBody({ ...fields, ...grid }, { image }),
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
