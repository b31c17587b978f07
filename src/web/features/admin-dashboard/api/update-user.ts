import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../domain/account';
import { apiUrl, sendJson } from '../../../api/http';
import { adminKeys } from '../../../api/query-keys';

export type UserChange = { status: 'Enabled' | 'Disabled' } | { manager: boolean };

export interface UpdateUserInput {
  user: Pick<User, '_id' | 'email'>;
  change: UserChange;
}

/**
 * `PUT /api/users/{id}` with a status or a manager flag (admin); answers the updated user. 409 for the administrator's
 * own account, 403 when a manager tries to change managers: the caller shows the server's message.
 */
export function updateUser({ user, change }: UpdateUserInput) {
  return sendJson('PUT', apiUrl(`/users/${encodeURIComponent(user._id)}`), change, userSchema);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
