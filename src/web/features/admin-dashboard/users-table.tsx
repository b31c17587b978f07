import { ShieldCheck, Users } from 'lucide-react';
import type { User } from '../../../domain/account';
import { PAGE_SIZE } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { useSearchPaging } from '../../lib/use-search-paging';
import { useUpdateUser, type UserChange } from './api/update-user';
import { useAdminUsers } from './api/use-admin-users';
import type { AdminColumn } from './admin-table';
import { AdminTableSection } from './admin-table-section';
import { runAdminChange } from './run-admin-change';
import { SwitchButton } from './switch-button';
import { wideCellClass } from './table-classes';

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

/** One of a user's two switches (spec §2): their status, Enabled/Disabled, and their manager flag. */
interface UserSetting {
  column: string;
  /** Names the switch with its row: "Enabled: ana@example.com". */
  name: string;
  checked: (user: User) => boolean;
  /** The value in words beside the switch. */
  stateText: (user: User) => string;
  /** The change a press asks for. */
  flipped: (user: User) => UserChange;
}

const STATUS: UserSetting = {
  column: 'Status',
  name: 'Enabled',
  checked: (user) => user.status === 'Enabled',
  stateText: (user) => user.status,
  flipped: (user) => ({ status: user.status === 'Enabled' ? 'Disabled' : 'Enabled' }),
};

const MANAGER: UserSetting = {
  column: 'Manager',
  name: 'Manager',
  checked: (user) => user.manager,
  stateText: (user) => (user.manager ? 'Yes' : 'No'),
  flipped: (user) => ({ manager: !user.manager }),
};

/** Users (spec §2, 4 per page): toggle status Enabled/Disabled and the manager flag. */
export function UsersTable() {
  const search = useSearchPaging();
  const users = useAdminUsers(search.query, search.offset);
  const updateUser = useUpdateUser();
  const busyId = updateUser.isPending ? updateUser.variables.user._id : undefined;

  function settingColumn(setting: UserSetting): AdminColumn<User> {
    return {
      label: setting.column,
      cell: (user) => {
        // The administrator comes from ADMIN_EMAIL: the server refuses to disable or demote them.
        const locked = user.role === 'admin' ? MESSAGES.admin.cannotDemoteAdmin : undefined;
        const change = setting.flipped(user);
        return (
          <SwitchButton
            checked={setting.checked(user)}
            label={`${setting.name}: ${user.email}`}
            stateText={setting.stateText(user)}
            disabled={Boolean(locked)}
            title={locked}
            busy={busyId === user._id}
            onToggle={() =>
              void runAdminChange(async () => {
                await updateUser.mutateAsync({ user, change });
                return changeMessage(user, change);
              })
            }
          />
        );
      },
    };
  }

  const columns: readonly AdminColumn<User>[] = [
    {
      label: 'Email',
      rowHeader: true,
      className: `${wideCellClass} font-semibold break-all md:max-w-64`,
      cell: (user) => user.email,
    },
    {
      label: 'Name',
      className: 'break-words md:max-w-48',
      cell: (user) => user.name || <span className="text-gray-500">—</span>,
    },
    {
      label: 'Created',
      className: 'whitespace-nowrap tabular-nums',
      cell: (user) => user.createdAt.slice(0, 10),
    },
    settingColumn(STATUS),
    settingColumn(MANAGER),
    {
      label: 'Role',
      cell: (user) => (
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold capitalize ${ROLE_STYLE[user.role]}`}
        >
          {user.role === 'admin' && <ShieldCheck aria-hidden="true" className="size-3.5 text-accent" />}
          {user.role}
        </span>
      ),
    },
  ];

  return (
    <AdminTableSection
      title="Users"
      icon={Users}
      searchHint="Email or name"
      search={search}
      pageSize={PAGE_SIZE.adminUsers}
      query={users}
      page={users.data}
      columns={columns}
      minWidth="md:min-w-[50rem]"
    />
  );
}
