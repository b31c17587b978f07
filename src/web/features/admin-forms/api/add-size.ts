import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shoeAnswerSchema, type createSizeSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';

export interface AddSizeRequest {
  shoeId: string;
  /** `{size, q}` as createSizeSchema outputs them. */
  fields: z.output<typeof createSizeSchema>;
}

/** `PUT /api/shoes/addSize/{id}` `{size, q}`: adds the size, or adds `q` pairs to it; answers a message and the shoe. */
export function addSize({ shoeId, fields }: AddSizeRequest) {
  return sendJson('PUT', apiUrl(`/shoes/addSize/${encodeURIComponent(shoeId)}`), fields, shoeAnswerSchema);
}

export function useAddSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSize,
    onSuccess: ({ shoe }) => refreshCatalog(queryClient, shoe),
  });
}
