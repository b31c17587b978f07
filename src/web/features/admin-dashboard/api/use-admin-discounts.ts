import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../domain/constants';
import {
  discountCodeAnswerSchema,
  discountCodeListAnswerSchema,
  type DiscountListQuery,
} from '../../../../domain/contracts/discounts';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';
import { useAdminPage } from '../../../api/use-admin-page';

/** `GET /api/admin/discounts?q&offset&limit&personal`: one page of the discount codes table. */
export function useAdminDiscounts(q: string, offset: number, personal: DiscountListQuery['personal']) {
  const request = { q, offset, limit: PAGE_SIZE.adminDiscounts, personal };
  return useAdminPage(
    adminKeys.discounts(q, offset, personal),
    '/admin/discounts',
    request,
    discountCodeListAnswerSchema,
  );
}

/** `PUT /api/admin/discounts/{id}/active`: a code deactivated, or active again. */
export function useSetDiscountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      sendJson(
        'PUT',
        apiUrl(`/admin/discounts/${encodeURIComponent(id)}/active`),
        { active },
        discountCodeAnswerSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
