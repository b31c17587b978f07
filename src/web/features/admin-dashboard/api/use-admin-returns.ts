import { PAGE_SIZE } from '../../../../domain/constants';
import { returnListAnswerSchema } from '../../../../domain/contracts/returns';
import { adminKeys } from '../../../api/query-keys';
import { useAdminPage } from '../../../api/use-admin-page';

/** `GET /api/admin/returns?q&offset&limit`: one page of the return requests, waiting ones first. */
export function useAdminReturns(q: string, offset: number) {
  return useAdminPage(
    adminKeys.returns(q, offset),
    '/admin/returns',
    { q, offset, limit: PAGE_SIZE.adminReturns },
    returnListAnswerSchema,
  );
}
