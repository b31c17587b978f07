import { ShieldCheck, Users } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { User } from '../../../domain/account';
import { NOTICE_MS, PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { useUpdateUser, type UserChange } from './api/update-user';
import { useAdminUsers } from './api/use-admin-users';
import { AdminTableSection } from './admin-table-section';
import { SwitchButton } from './switch-button';
import {
  bodyClass,
  headCellClass,
  headClass,
  headRowClass,
  labelledCellClass,
  rowClass,
  tableClass,
  wideCellClass,
} from './table-classes';
import { useTableSearch } from './use-table-search';

const ROLE_STYLE = {
  admin: 'bg-ink text-white',
  manager: 'bg-orange-100 text-orange-900',
  user: 'bg-gray-100 text-gray-700',
} as const;

/** The toast after a change: who the user is now. */
function changeMessage(user: User, change: UserChange): string {
  if ('status' in change) return MESSAGES.admin.userStatusChanged(user.email, change.status);
  return change.manager
    ? MESSAGES.admin.managerGranted(user.email)
    : MESSAGES.admin.managerRevoked(user.email);
}

/** Users (spec §2, 4 per page): toggle status Enabled/Disabled and the manager flag. */
export function UsersTable() {
  const search = useTableSearch();
  const { data, isPending, isError, isPlaceholderData } = useAdminUsers(search.query, search.offset);
  const updateUser = useUpdateUser();

  async function change(user: User, change: UserChange): Promise<void> {
    try {
      await updateUser.mutateAsync({ user, change });
      toast.success(changeMessage(user, change), { duration: NOTICE_MS.admin });
    } catch (error) {
      // e.g. 403 "Only the administrator can change managers".
      toast.error(errorMessage(error), { duration: NOTICE_MS.admin });
    }
  }

  const busyId = updateUser.isPending ? updateUser.variables.user._id : undefined;

  return (
    <AdminTableSection
      title="Users"
      icon={Users}
      searchHint="Email or name"
      search={search}
      pageSize={PAGE_SIZE.adminUsers}
      total={data?.total}
      loading={isPending}
      stale={isPlaceholderData}
      error={isError}
      emptyText={data?.items.length === 0 ? 'No users match your search.' : undefined}
    >
      <table className={`${tableClass} md:min-w-[50rem]`}>
        <caption className="sr-only">Users</caption>
        <thead className={headClass}>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Email
            </th>
            <th scope="col" className={headCellClass}>
              Name
            </th>
            <th scope="col" className={headCellClass}>
              Created
            </th>
            <th scope="col" className={headCellClass}>
              Status
            </th>
            <th scope="col" className={headCellClass}>
              Manager
            </th>
            <th scope="col" className={headCellClass}>
              Role
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {data?.items.map((user) => {
            // The administrator comes from ADMIN_EMAIL: the server refuses to disable or demote them.
            const locked = user.role === 'admin' ? MESSAGES.admin.cannotDemoteAdmin : undefined;
            const busy = busyId === user._id;
            const enabled = user.status === 'Enabled';
            return (
              <tr key={user._id} className={rowClass}>
                <th
                  scope="row"
                  data-label="Email"
                  className={`${labelledCellClass} ${wideCellClass} font-semibold break-all md:max-w-64`}
                >
                  {user.email}
                </th>
                <td data-label="Name" className={`${labelledCellClass} break-words md:max-w-48`}>
                  {user.name || <span className="text-gray-500">—</span>}
                </td>
                <td data-label="Created" className={`${labelledCellClass} whitespace-nowrap tabular-nums`}>
                  {user.createdAt.slice(0, 10)}
                </td>
                <td data-label="Status" className={labelledCellClass}>
                  <SwitchButton
                    checked={enabled}
                    label={`Enabled: ${user.email}`}
                    stateText={user.status}
                    disabled={Boolean(locked)}
                    title={locked}
                    busy={busy}
                    onToggle={() => void change(user, { status: enabled ? 'Disabled' : 'Enabled' })}
                  />
                </td>
                <td data-label="Manager" className={labelledCellClass}>
                  <SwitchButton
                    checked={user.manager}
                    label={`Manager: ${user.email}`}
                    stateText={user.manager ? 'Yes' : 'No'}
                    disabled={Boolean(locked)}
                    title={locked}
                    busy={busy}
                    onToggle={() => void change(user, { manager: !user.manager })}
                  />
                </td>
                <td data-label="Role" className={labelledCellClass}>
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold capitalize ${ROLE_STYLE[user.role]}`}
                  >
                    {user.role === 'admin' && (
                      <ShieldCheck aria-hidden="true" className="size-3.5 text-accent" />
                    )}
                    {user.role}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </AdminTableSection>
  );
}
