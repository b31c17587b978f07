import { PAGE_SIZE } from '../../../../domain/constants';
import { adminKeys } from '../../../api/query-keys';
import { useAdminPage } from '../../../api/use-admin-page';
import { userListAnswerSchema as usersSchema } from '../../../../domain/contracts/users';

/** `GET /api/users?q&offset&limit`: one page of the users table, searched by email or name (admin). */
export function useAdminUsers(q: string, offset: number) {
  const request = { q, offset, limit: PAGE_SIZE.adminUsers };
  return useAdminPage(adminKeys.users(q, offset), '/users', request, usersSchema);
}
