import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shoeAnswerSchema, type modifyShoeSchema } from '../../../../domain/admin';
import { apiUrl } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';
import { multipartBody, sendMultipart, type ProgressListener } from '../../../api/send-multipart';

export interface ModifyShoeRequest {
  id: string;
  /** The form's fields as modifyShoeSchema outputs them, `version` included. */
  fields: z.output<typeof modifyShoeSchema>;
  /** A new image; without one the current image stays. */
  image?: File;
}

/**
 * `PUT /api/shoes/{id}` multipart: 'Your modified shoe was added to store' and the shoe;
 * 400 with `fields`, 404 unknown shoe, 409 when `version` is no longer the shoe's.
 */
export function modifyShoe({ id, fields, image }: ModifyShoeRequest, onProgress?: ProgressListener) {
  return sendMultipart(
    'PUT',
    apiUrl(`/shoes/${encodeURIComponent(id)}`),
    multipartBody(fields, { image }),
    shoeAnswerSchema,
    onProgress,
  );
}

export function useModifyShoe(onProgress?: ProgressListener) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ModifyShoeRequest) => modifyShoe(request, onProgress),
    onSuccess: ({ shoe }) => refreshCatalog(queryClient, shoe),
  });
}
