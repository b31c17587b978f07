import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discountCodeAnswerSchema } from '../../../../domain/contracts/discounts';
import type { DiscountCodeForm } from '../../../../domain/discount-form';
import { apiUrl, getData, isNotFound, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/admin/discounts/{id}`: the code the form edits. */
export function useDiscountCode(id: string) {
  return useQuery({
    queryKey: adminKeys.discount(id),
    queryFn: ({ signal }) =>
      getData(apiUrl(`/admin/discounts/${encodeURIComponent(id)}`), discountCodeAnswerSchema, signal),
    enabled: id.length > 0,
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** `POST /api/admin/discounts`, or `PUT /api/admin/discounts/{id}` when editing. */
export function useSaveDiscountCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: DiscountCodeForm) =>
      id
        ? sendJson(
            'PUT',
            apiUrl(`/admin/discounts/${encodeURIComponent(id)}`),
            form,
            discountCodeAnswerSchema,
          )
        : sendJson('POST', apiUrl('/admin/discounts'), form, discountCodeAnswerSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
