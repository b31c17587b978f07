import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bulkAnswerSchema,
  type BulkApplyBody,
  type BulkPreviewBody,
} from '../../../../domain/contracts/bulk-edit';
import { apiUrl, sendJson } from '../../../api/http';
import { refreshCatalog } from '../../../api/refresh-catalog';

/** `POST /api/admin/shoes/bulk/preview` (staff): each selected shoe before and after; writes nothing. */
export function previewBulkEdit(body: BulkPreviewBody) {
  return sendJson('POST', apiUrl('/admin/shoes/bulk/preview'), body, bulkAnswerSchema);
}

/** `POST /api/admin/shoes/bulk` (staff): the previewed shoes changed, all or none. */
export function applyBulkEdit(body: BulkApplyBody) {
  return sendJson('POST', apiUrl('/admin/shoes/bulk'), body, bulkAnswerSchema);
}

export function useBulkPreview() {
  return useMutation({ mutationFn: previewBulkEdit });
}

/** Once applied (or refused: a shoe may have changed), the table and the storefront are asked again. */
export function useBulkApply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyBulkEdit, onSettled: () => refreshCatalog(queryClient) });
}
