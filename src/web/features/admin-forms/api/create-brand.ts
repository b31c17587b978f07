import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { brandAnswerSchema, type createBrandSchema } from '../../../../domain/admin';
import { apiUrl, sendJson } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';

export type CreateBrandRequest = z.output<typeof createBrandSchema>;

/** `POST /api/brands` `{name}`: 201 with a message and the brand; 400 `fields.name`, 409 the brand exists. */
export function createBrand(request: CreateBrandRequest) {
  return sendJson('POST', apiUrl('/brands'), request, brandAnswerSchema);
}

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
