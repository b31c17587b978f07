import { createHmac } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import QRCode from 'qrcode';
import type { User } from '../../../domain/account.js';
import type { TwoFactorSetup } from '../../../domain/contracts/two-factor.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { TwoFactorKind } from '../../../domain/two-factor.js';
import { HttpError } from '../../http/errors.js';
import type { AuditWriter } from '../../audit/audit-writer.js';
import { recordStaffEvent } from '../../audit/staff-event.js';
import { toUser } from '../../auth/identity.js';
import type { AuthRepository } from '../../auth/auth-repository.js';
import type { Auth } from '../../auth/auth-instance.js';
import type { AuthAnswer } from '../../auth/auth-answer.js';
import { betterAuthCode, commonRefusal } from '../../auth/refusals.js';
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

/**
 * better-auth's authenticator codes (two-factor plugin defaults): a new code every 30 s, and a
 * code accepted from one step before to one step after its own, for clocks that drift.
 */
const TOTP_PERIOD_MS = 30_000;
const TOTP_WINDOW_STEPS = 1;

/**
 * When a code typed at `now` can no longer verify: it belongs at latest to the step after now's,
 * and that step's code is accepted until the end of the step after it.
 */
function usedCodeExpiry(now: Date): Date {
  const step = Math.floor(now.getTime() / TOTP_PERIOD_MS);
  return new Date((step + 2 * TOTP_WINDOW_STEPS + 1) * TOTP_PERIOD_MS);
}

/**
 * The code as kept in the used codes: keyed by the user, so equal codes of two users differ.
 * Six digits are easy to search, so this only keeps codes out of plain sight; what protects
 * them is that a kept code is used up and stops verifying within 90 s.
 */
const codeDigest = (userId: string, code: string) =>
  createHmac('sha256', userId).update(code).digest('base64url');

/** Never six digits, so never a right code: better-auth counts it as a wrong one. */
const NEVER_A_CODE = 'used';

/** The otpauth URI's secret, for people who type it instead of scanning. */
const secretOf = (totpURI: string): string => new URL(totpURI).searchParams.get('secret') ?? '';

/**
 * The second step cannot be checked: the authenticator secret and recovery codes were sealed with
 * another session secret (SESSION_SECRET changed, or the generated one was replaced) and better-auth
 * fails to open them. Nothing the person types can fix it: the message says what can
 * (docs/operations.md, "Changing the session secret").
 */
const unreadable = () => new HttpError(409, 'two_factor_unreadable', MESSAGES.twoFactor.unreadable);

/**
 * Two-step sign-in on better-auth's two-factor plugin: set up with the password (a QR code and ten
 * recovery codes, shown once), confirmed with a first code, turned off with the password; and the
 * sign-in's second step. Staff changes and failures go to the audit log.
 */
export function createTwoFactorService(deps: {
  auth: Auth;
  identities: AuthRepository;
  repository: TwoFactorRepository;
  audit: AuditWriter;
  adminEmail: string;
  /** The session secret better-auth seals the two-factor secrets with. */
  secret: string;
}) {
  const { auth, identities, repository, audit, adminEmail, secret } = deps;

  /** Whether the account's sealed secret for `kind` no longer opens with this shop's secret. */
  async function sealedWithAnotherSecret(userId: string, kind: TwoFactorKind): Promise<boolean> {
    const sealed = await repository.sealedSecrets(userId);
    if (!sealed) return false;
    try {
      await symmetricDecrypt({
        key: secret,
        data: kind === 'authenticator' ? sealed.secret : sealed.backupCodes,
      });
      return false;
    } catch {
      return true;
    }
  }

  async function userById(id: string): Promise<User> {
    const row = await identities.findUser(id);
    if (!row) throw new HttpError(401, 'sign_in_expired', MESSAGES.twoFactor.expired);
    return toUser(row, adminEmail);
  }

  /**
   * An authenticator code works once (RFC 6238 §5.2), on every instance: it is recorded as used
   * before better-auth checks it, and given back if it does not verify, so a wrong guess never
   * blocks the right code. Undefined when the code was already used: a replay.
   */
  async function verifyUnusedCode<T>(
    userId: string,
    code: string,
    verify: () => Promise<T>,
  ): Promise<{ verified: T } | undefined> {
    const now = new Date();
    const used = { userId, codeDigest: codeDigest(userId, code), expiresAt: usedCodeExpiry(now) };
    if (!(await repository.claimCode(used, now))) return undefined;
    try {
      return { verified: await verify() };
    } catch (error) {
      await repository.releaseCode(used);
      throw error;
    }
  }

  /** The sign-in's second step with an authenticator code, which must not have been used before. */
  async function verifyAuthenticatorSignIn(
    code: string,
    pendingChallenge: string | undefined,
    headers: Headers,
  ) {
    const userId = pendingChallenge && (await repository.pendingSignInUser(pendingChallenge));
    // No pending sign-in (gone, used or never begun): better-auth would answer the same.
    if (!userId) throw new HttpError(401, 'sign_in_expired', MESSAGES.twoFactor.expired);
    const verify = (typed: string) =>
      auth.api.verifyTOTP({ body: { code: typed }, headers, returnHeaders: true });
    const unused = await verifyUnusedCode(userId, code, () => verify(code));
    if (unused) return unused.verified;
    // A replay is a wrong code: better-auth counts it (the sign-in's five codes, the account's ten
    // wrong ones in a row) and refuses it as one.
    await verify(NEVER_A_CODE);
    throw new Error('better-auth accepted a code that cannot be right');
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
      const unused = await verifyUnusedCode(user._id, code, () =>
        auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
      ).catch((error: unknown) => {
        if (betterAuthCode(error) === 'TOTP_NOT_ENABLED')
          throw new HttpError(409, 'two_factor_off', MESSAGES.twoFactor.notStarted);
        return translate(error);
      });
      // The code that turns it on cannot sign in after it, nor confirm twice.
      if (!unused) throw wrongCode();
      const result = unused.verified;
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
     * codes per challenge and locks the account's second step after ten wrong codes in a row; an
     * authenticator code already used counts as a wrong one.
     */
    async signIn(
      code: string,
      kind: TwoFactorKind,
      pendingChallenge: string | undefined,
      headers: Headers,
    ): Promise<AuthAnswer<{ user: User }>> {
      try {
        const result =
          kind === 'authenticator'
            ? await verifyAuthenticatorSignIn(code, pendingChallenge, headers)
            : await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
        const user = await userById(result.response.user.id);
        await recordStaffEvent(audit, user, 'staff.sign-in', headers, { secondFactor: kind });
        return { body: { user }, cookies: result.headers.getSetCookie() };
      } catch (error) {
        const refused = betterAuthCode(error);
        // Not a refusal better-auth names: a secret it could not open (a changed session secret) is
        // told as such, anything else stays a 500.
        if (refused === undefined) {
          const userId = pendingChallenge && (await repository.pendingSignInUser(pendingChallenge));
          if (userId && (await sealedWithAnotherSecret(userId, kind))) throw unreadable();
        }
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
