import { userChangeRefusal, type User } from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import { HttpError, notFound } from '../../http/errors.js';
import { roleOf, toUser } from '../../auth/identity.js';
import type { UserRepository } from './repository.js';

export interface UserChange {
  status?: 'Enabled' | 'Disabled' | 'Eliminated';
  manager?: boolean;
}

/** The administrator's and the managers' user management (docs/decisions/004). */
export function createUserService(deps: { users: UserRepository; adminEmail: string }) {
  const { users, adminEmail } = deps;

  return {
    async list(query: {
      q?: string;
      offset: number;
      limit: number;
    }): Promise<{ items: User[]; total: number }> {
      const page = await users.list(query);
      return { items: page.rows.map((row) => toUser(row, adminEmail)), total: page.total };
    },

    /**
     * Only the administrator changes managers, and nobody changes the administrator's account.
     * A Disabled or Eliminated user's sessions stay until their next request, which every guard
     * refuses with 403 account_disabled (ending them there): that answer is how the client learns
     * to warn them and send them home (spec §4). Deleting the sessions here would leave the client
     * with a cookie nobody recognizes, and no warning.
     */
    async change(actor: User, id: string, change: UserChange): Promise<User> {
      const target = await users.find(id);
      if (!target) throw notFound(MESSAGES.identity.userNotFound);
      const refusal = userChangeRefusal(actor.role, roleOf(target, adminEmail), change.manager !== undefined);
      if (refusal === 'administrator_account') {
        throw new HttpError(409, 'conflict', MESSAGES.admin.cannotDemoteAdmin);
      }
      if (refusal === 'administrator_only') {
        throw new HttpError(403, 'forbidden', MESSAGES.admin.managersByAdminOnly);
      }
      const updated = await users.update(target.id, change, actor);
      return toUser(updated!, adminEmail);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
