import QRCode from 'qrcode';
import type { User } from '../../../domain/account.js';
import type { TwoFactorSetup } from '../../../domain/contracts/two-factor.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { TwoFactorKind } from '../../../domain/two-factor.js';
import { HttpError } from '../../http/errors.js';
import type { AuditRepository } from '../audit/repository.js';
import { recordStaffEvent } from '../audit/staff-event.js';
import { toUser } from '../auth/identity.js';
import type { AuthRepository } from '../auth/repository.js';
import type { Auth } from '../auth/service.js';
import type { AuthAnswer } from '../auth/auth-answer.js';
import { betterAuthCode, commonRefusal } from '../auth/refusals.js';
import type { TwoFactorRepository } from './repository.js';

const wrongCode = () =>
  new HttpError(400, 'wrong_code', MESSAGES.twoFactor.wrongCode, { code: MESSAGES.twoFactor.wrongCode });

/** Turns better-auth's refusals into the shop's answers; anything unexpected stays a 500. */
function translate(error: unknown): never {
  const common = commonRefusal(error);
  if (common) throw common;
  switch (betterAuthCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      throw wrongCode();
    case 'TOTP_ALREADY_ENABLED':
      throw new HttpError(409, 'two_factor_on', MESSAGES.twoFactor.alreadyOn);
    case 'TOTP_NOT_ENABLED':
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      throw new HttpError(409, 'two_factor_off', MESSAGES.twoFactor.notOn);
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      throw new HttpError(401, 'sign_in_expired', MESSAGES.twoFactor.expired);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new HttpError(429, 'rate_limited', MESSAGES.twoFactor.locked);
    default:
      throw error;
  }
}

/** The otpauth URI's secret, for people who type it instead of scanning. */
const secretOf = (totpURI: string): string => new URL(totpURI).searchParams.get('secret') ?? '';

/**
 * Two-step sign-in on better-auth's two-factor plugin: set up with the password (a QR code and ten
 * recovery codes, shown once), confirmed with a first code, turned off with the password; and the
 * sign-in's second step. Staff changes and failures go to the audit log.
 */
export function createTwoFactorService(deps: {
  auth: Auth;
  identities: AuthRepository;
  repository: TwoFactorRepository;
  audit: AuditRepository;
  adminEmail: string;
}) {
  const { auth, identities, repository, audit, adminEmail } = deps;

  async function userById(id: string): Promise<User> {
    const row = await identities.findUser(id);
    if (!row) throw new HttpError(401, 'sign_in_expired', MESSAGES.twoFactor.expired);
    return toUser(row, adminEmail);
  }

  return {
    async setUp(user: User, password: string, headers: Headers): Promise<TwoFactorSetup> {
      if (user.twoFactor) throw new HttpError(409, 'two_factor_on', MESSAGES.twoFactor.alreadyOn);
      const answer = await auth.api.enableTwoFactor({ body: { password }, headers }).catch(translate);
      if (!('totpURI' in answer) || !answer.totpURI) throw new Error('two-factor setup gave no TOTP URI');
      const qrSvg = await QRCode.toString(answer.totpURI, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return {
        totpURI: answer.totpURI,
        secret: secretOf(answer.totpURI),
        qrCode: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}`,
        recoveryCodes: answer.backupCodes ?? [],
      };
    },

    /** The first code turns it on; the session is renewed as one begun with a second factor. */
    async confirm(
      user: User,
      code: string,
      headers: Headers,
    ): Promise<AuthAnswer<{ message: string; user: User }>> {
      if (user.twoFactor) throw new HttpError(409, 'two_factor_on', MESSAGES.twoFactor.alreadyOn);
      const result = await auth.api
        .verifyTOTP({ body: { code }, headers, returnHeaders: true })
        .catch((error: unknown) => {
          if (betterAuthCode(error) === 'TOTP_NOT_ENABLED')
            throw new HttpError(409, 'two_factor_off', MESSAGES.twoFactor.notStarted);
          return translate(error);
        });
      const updated = await userById(user._id);
      await recordStaffEvent(audit, updated, 'staff.two-factor-on', headers);
      return {
        body: { message: MESSAGES.twoFactor.on, user: updated },
        cookies: result.headers.getSetCookie(),
      };
    },

    async turnOff(
      user: User,
      password: string,
      headers: Headers,
    ): Promise<AuthAnswer<{ message: string; user: User }>> {
      if (!user.twoFactor) throw new HttpError(409, 'two_factor_off', MESSAGES.twoFactor.notOn);
      const result = await auth.api
        .disableTwoFactor({ body: { password }, headers, returnHeaders: true })
        .catch(translate);
      const updated = await userById(user._id);
      await recordStaffEvent(audit, updated, 'staff.two-factor-off', headers);
      return {
        body: { message: MESSAGES.twoFactor.off, user: updated },
        cookies: result.headers.getSetCookie(),
      };
    },

    /** Ten new recovery codes; the old ones stop working. */
    async renewRecoveryCodes(user: User, password: string, headers: Headers) {
      if (!user.twoFactor) throw new HttpError(409, 'two_factor_off', MESSAGES.twoFactor.notOn);
      const answer = await auth.api.generateBackupCodes({ body: { password }, headers }).catch(translate);
      await recordStaffEvent(audit, user, 'staff.recovery-codes', headers);
      return { message: MESSAGES.twoFactor.recoveryRenewed, recoveryCodes: answer.backupCodes };
    },

    /**
     * The sign-in's second step: the pending challenge (cookie) and a code. better-auth allows five
     * codes per challenge and locks the account's second step after ten wrong codes in a row.
     */
    async signIn(
      code: string,
      kind: TwoFactorKind,
      pendingChallenge: string | undefined,
      headers: Headers,
    ): Promise<AuthAnswer<{ user: User }>> {
      const verify = kind === 'authenticator' ? auth.api.verifyTOTP : auth.api.verifyBackupCode;
      try {
        const result = await verify({ body: { code }, headers, returnHeaders: true });
        const user = await userById(result.response.user.id);
        await recordStaffEvent(audit, user, 'staff.sign-in', headers, { secondFactor: kind });
        return { body: { user }, cookies: result.headers.getSetCookie() };
      } catch (error) {
        const refused = betterAuthCode(error);
        if (refused === 'INVALID_CODE' || refused === 'INVALID_BACKUP_CODE') {
          const userId = pendingChallenge && (await repository.pendingSignInUser(pendingChallenge));
          if (userId) {
            await recordStaffEvent(audit, await userById(userId), 'staff.sign-in-failed', headers, {
              secondFactor: kind,
            });
          }
        }
        return translate(error);
      }
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
