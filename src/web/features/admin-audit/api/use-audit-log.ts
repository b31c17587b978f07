import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditListSchema } from '../../../../domain/audit';
import { apiUrl } from '../../../api/http';
import { fetchPage } from '../../../api/page';
import { adminKeys } from '../../../api/query-keys';

/** `GET /api/admin/audit?actor&action&offset&limit`: one page of the staff audit log, newest first. */
export function useAuditLog(actor: string, action: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.audit(actor, action, offset),
    queryFn: ({ signal }) =>
      fetchPage(
        apiUrl('/admin/audit', {
          ...(actor ? { actor } : {}),
          ...(action ? { action } : {}),
          offset,
          limit: AUDIT_PAGE_SIZE,
        }),
        auditListSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
