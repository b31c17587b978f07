import type { Role, User } from '../../domain/account.js';
import { MESSAGES } from '../../domain/messages.js';
import { HttpError } from '../http/errors.js';
import type { UserRow } from './auth-repository.js';

/** The administrator is the ADMIN_EMAIL account; managers carry the flag (docs/decisions/004). */
export function roleOf(user: Pick<UserRow, 'email' | 'manager'>, adminEmail: string): Role {
  if (user.email.toLowerCase() === adminEmail.toLowerCase()) return 'admin';
  return user.manager ? 'manager' : 'user';
}

/** The user record of spec §3 as the API shows it. */
export function toUser(row: UserRow, adminEmail: string): User {
  return {
    _id: row.id,
    idUser: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    manager: row.manager,
    role: roleOf(row, adminEmail),
    twoFactor: row.twoFactorEnabled,
    passkeys: row.passkeyCount,
  };
}

export const unauthorized = () => new HttpError(401, 'unauthorized', MESSAGES.identity.signInRequired);
export const forbidden = () => new HttpError(403, 'forbidden', MESSAGES.identity.forbidden);
export const accountDisabled = () => new HttpError(403, 'account_disabled', MESSAGES.identity.disabled);
/** A staff member without two-step sign-in, or signed in without its code (issue 20). */
export const twoFactorRequired = (enrolled: boolean) =>
  new HttpError(
    403,
    'two_factor_required',
    enrolled ? MESSAGES.twoFactor.staffSignInAgain : MESSAGES.twoFactor.staffRequired,
  );
