import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type User } from '../../../../domain/account';
import { PAGE_SIZE } from '../../../../domain/constants';
import { apiUrl, getJson } from '../../../api/http';
import type { AdminPage } from '../../../api/admin-page';
import { adminKeys } from '../../../api/query-keys';
import { userListAnswerSchema as usersSchema } from '../../../../domain/contracts/users';

/** `GET /api/users?q&offset&limit`: one page of the users table, searched by email or name (admin). */
export function useAdminUsers(q: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.users(q, offset),
    queryFn: async ({ signal }): Promise<AdminPage<User>> => {
      const { data, total } = await getJson(
        apiUrl('/users', { q, offset, limit: PAGE_SIZE.adminUsers }),
        usersSchema,
        signal,
      );
      return { items: data, total: total ?? data.length };
    },
    // Paging and typing keep the old rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}
