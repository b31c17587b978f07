import crypto from 'node:crypto';
import { APIError } from 'better-auth/api';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, type User } from '../../../domain/account.js';
import { MESSAGES } from '../../../domain/messages.js';
import { HttpError } from '../../http/errors.js';
import type { ImageStore } from '../../storage/image-store.js';
import { toWebp } from '../../storage/to-webp.js';
import { accountDisabled, toUser } from '../../auth/identity.js';
import type { AuthRepository } from '../../auth/auth-repository.js';
import { RESET_PASSWORD_PAGE, type Auth } from '../../auth/auth-instance.js';
import type { AuditWriter } from '../../audit/audit-writer.js';
import { recordStaffEvent } from '../../audit/staff-event.js';
import type { AccountRepository } from './repository.js';
import { type AuthAnswer, withCookies } from '../../auth/auth-answer.js';
import { wrongPassword } from '../../auth/refusals.js';
import type { SignInAnswer } from '../../../domain/contracts/two-factor.js';
import type { EmailConfirmationAnswer } from '../../../domain/contracts/accounts.js';
import type { EmailConfirmation } from '../../auth/email-confirmation.js';

function statusOf(error: unknown): number | undefined {
  return error instanceof APIError ? error.statusCode : undefined;
}

/**
 * better-auth's refusals of a confirmation token: not ours, altered or expired (its JWT check), or
 * naming an account that no longer has that address (401, 404); a well-signed token without an
 * address would fail its payload's schema.
 */
function refusedToken(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status >= 400 && status < 500;
  return error instanceof Error && error.name === 'ZodError';
}

export function createAccountService(deps: {
  auth: Auth;
  emailConfirmation: EmailConfirmation;
  /** Who is who (the auth module's records); `profiles` changes a user's own name and image. */
  identities: AuthRepository;
  profiles: AccountRepository;
  images: ImageStore;
  adminEmail: string;
  audit: AuditWriter;
}) {
  const { auth, emailConfirmation, identities, profiles, images, adminEmail, audit } = deps;

  const staffSignIn = (user: User, action: 'staff.sign-in' | 'staff.sign-in-failed', headers: Headers) =>
    recordStaffEvent(audit, user, action, headers);
  const findByEmail = identities.findUserByEmail;

  async function userById(id: string): Promise<User> {
    const row = await identities.findUser(id);
    if (!row) throw new HttpError(404, 'not_found', MESSAGES.identity.userNotFound);
    return toUser(row, adminEmail);
  }

  return {
    findByEmail,
    userById,

    async signUp(email: string, password: string, headers: Headers): Promise<AuthAnswer<{ user: User }>> {
      if (await findByEmail(email)) throw new HttpError(409, 'email_in_use', MESSAGES.identity.emailInUse);
      try {
        const result = await auth.api.signUpEmail({
          body: { email, password, name: email.split('@')[0] ?? email },
          headers,
          returnHeaders: true,
        });
        return withCookies({ user: await userById(result.response.user.id) }, result.headers);
      } catch (error) {
        // Two sign-ups racing for one address: the loser hears the same as a later one would.
        if (statusOf(error) === 422) throw new HttpError(409, 'email_in_use', MESSAGES.identity.emailInUse);
        throw error;
      }
    },

    /**
     * The spec tells 'User not found' apart from 'Wrong Password'; rate limits keep guessing slow.
     * With two-step sign-in on, the right password answers `twoFactorRequired` and a short-lived
     * cookie; the session only begins with the code (two-factor module).
     */
    async signIn(email: string, password: string, headers: Headers): Promise<AuthAnswer<SignInAnswer>> {
      const row = await findByEmail(email);
      if (!row) throw new HttpError(404, 'user_not_found', MESSAGES.identity.userNotFound);
      if (row.status !== 'Enabled') throw accountDisabled();
      try {
        const result = await auth.api.signInEmail({
          body: { email, password },
          headers,
          returnHeaders: true,
        });
        if ('twoFactorRedirect' in result.response && result.response.twoFactorRedirect) {
          return withCookies({ twoFactorRequired: true as const }, result.headers);
        }
        const user = toUser(row, adminEmail);
        await staffSignIn(user, 'staff.sign-in', headers);
        return withCookies({ user }, result.headers);
      } catch (error) {
        if (statusOf(error) === 401) {
          await staffSignIn(toUser(row, adminEmail), 'staff.sign-in-failed', headers);
          throw new HttpError(401, 'wrong_password', MESSAGES.identity.wrongPassword);
        }
        throw error;
      }
    },

    async signOut(headers: Headers): Promise<AuthAnswer<{ message: string }>> {
      try {
        const result = await auth.api.signOut({ headers, returnHeaders: true });
        return withCookies({ message: MESSAGES.identity.loggedOut }, result.headers);
      } catch {
        // No session to end: signing out is still done.
        return { body: { message: MESSAGES.identity.loggedOut }, cookies: [] };
      }
    },

    async requestPasswordReset(email: string): Promise<{ message: string }> {
      if (!(await findByEmail(email)))
        throw new HttpError(404, 'user_not_found', MESSAGES.identity.userNotFound);
      await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PAGE } });
      return { message: MESSAGES.identity.resetSent };
    },

    async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch (error) {
        if (statusOf(error) === 400)
          throw new HttpError(400, 'invalid_token', MESSAGES.identity.resetLinkInvalid);
        throw error;
      }
      return { message: MESSAGES.identity.passwordReset };
    },

    /**
     * The token of a mailed confirmation link (`/verify-email?token=`), checked by better-auth: its
     * account's address is confirmed, or was already. 400 `invalid_token` for any other token.
     */
    async confirmEmail(token: string): Promise<EmailConfirmationAnswer> {
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch (error) {
        if (refusedToken(error))
          throw new HttpError(400, 'invalid_token', MESSAGES.identity.confirmLinkInvalid);
        throw error;
      }
      return { message: MESSAGES.identity.emailConfirmed, emailVerified: true };
    },

    /** A new confirmation link for the signed-in user; nothing is mailed once the address is confirmed. */
    async sendEmailConfirmation(user: User): Promise<EmailConfirmationAnswer> {
      if (user.emailVerified)
        return { message: MESSAGES.identity.emailAlreadyConfirmed, emailVerified: true };
      const { secret } = await auth.$context;
      await emailConfirmation.mailNewLink({ id: user._id, email: user.email }, secret);
      return { message: MESSAGES.identity.confirmationSent, emailVerified: false };
    },

    async changeName(userId: string, name: string): Promise<{ message: string; user: User }> {
      await profiles.setName(userId, name);
      return { message: MESSAGES.identity.nameUpdated, user: await userById(userId) };
    },

    async changePassword(
      currentPassword: string,
      newPassword: string,
      headers: Headers,
    ): Promise<AuthAnswer<{ message: string }>> {
      try {
        const result = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return withCookies({ message: MESSAGES.identity.passwordUpdated }, result.headers);
      } catch (error) {
        const status = statusOf(error);
        if (status === 400 || status === 401) {
          throw wrongPassword('currentPassword');
        }
        throw error;
      }
    },

    /** Checked by content (sharp must decode it), resized to a square WebP, stored in the image store. */
    async changeImage(userId: string, bytes: Buffer): Promise<{ message: string; user: User }> {
      if (bytes.length > AVATAR_MAX_BYTES)
        throw new HttpError(413, 'payload_too_large', MESSAGES.identity.imageTooLarge);
      let webp: Buffer;
      try {
        webp = await toWebp(bytes, { fit: 'cover', width: AVATAR_SIZE, height: AVATAR_SIZE });
      } catch {
        throw new HttpError(415, 'unsupported_media_type', MESSAGES.identity.imageInvalid);
      }
      const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 12);
      const url = await images.put(`avatars/${userId}-${hash}.webp`, webp, 'image/webp');
      await profiles.setImage(userId, url);
      return { message: MESSAGES.identity.imageUploaded, user: await userById(userId) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
