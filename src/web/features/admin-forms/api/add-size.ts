import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { shoeAnswerSchema, type createSizeSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys, catalogKeys } from '../../../api/query-keys';

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
    onSuccess: async ({ shoe }) => {
      // The stock on screen changes at once; the rest of the catalogue refreshes behind it.
      queryClient.setQueryData(catalogKeys.shoe(shoe._id), shoe);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}
