import crypto from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkey } from '@better-auth/passkey';
import { PASSWORD_LENGTH } from '../../domain/account.js';
import { MESSAGES } from '../../domain/messages.js';
import { RECOVERY_CODE_COUNT } from '../../domain/two-factor.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates/account-mails.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import type { AuthRepository } from './auth-repository.js';
import type { EmailConfirmation } from './email-confirmation.js';

export interface AuthOptions {
  repository: AuthRepository;
  mailer: Mailer;
  /** Mails the link that confirms a password sign-up's address (email-confirmation.ts). */
  emailConfirmation: EmailConfirmation;
  secret: string;
  /** Where shoppers reach the shop: cookies, OAuth callbacks and mailed links are built on it. */
  publicUrl: string;
  google?: { clientId: string; clientSecret?: string; issuer: string };
}

export const RESET_PASSWORD_PAGE = '/reset-password';
const SESSION_DAYS = 30;
export const APP_NAME = 'Sneaker Street';

/** The better-auth endpoints that end a sign-in with a second factor: their sessions count as strong. */
const SECOND_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  // A passkey is something you have, unlocked by something you know or are: two factors at once.
  '/passkey/verify-authentication',
]);

/**
 * Authenticator codes (TOTP, 6 digits, 30 s) with ten one-time recovery codes. A pending sign-in
 * allows 5 codes; 10 wrong codes in a row lock the account's second step for 15 minutes.
 */
const twoFactorPlugin = () =>
  twoFactor({
    issuer: APP_NAME,
    backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: 'encrypted' },
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    twoFactorCookieMaxAge: 10 * 60,
  });

/**
 * better-auth inside our own backend: email + password, Google through
 * OpenID Connect, password reset and email confirmation by mail, sessions in the
 * database behind an httpOnly, SameSite=Lax cookie.
 */
export function createAuth({
  repository,
  mailer,
  emailConfirmation,
  secret,
  publicUrl,
  google,
}: AuthOptions) {
  return betterAuth({
    appName: APP_NAME,
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    database: repository.adapter,
    user: {
      additionalFields: {
        // Only the administrator changes these (admin issue); nobody sets them at sign-up.
        status: { type: 'string', defaultValue: 'Enabled', input: false },
        manager: { type: 'boolean', defaultValue: false, input: false },
      },
    },
    session: {
      additionalFields: {
        secondFactor: { type: 'boolean', defaultValue: false, input: false },
      },
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Adding a passkey asks for the password again (passkeys routes), which proves more than a
      // session's age would: better-auth's freshness window is not used.
      freshAge: 0,
      updateAge: 24 * 60 * 60,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          ...(await passwordResetMail({ publicUrl, email: user.email, link })),
        });
      },
    },
    // A password sign-up is mailed a link that confirms its address (docs/decisions/002); signing in
    // never waits for it (no `requireEmailVerification`): only drop entries ask for a confirmed one.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: emailConfirmation.expiresIn,
      sendVerificationEmail: ({ user, token }) => emailConfirmation.onSignUp({ user, token }),
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    plugins: [
      twoFactorPlugin(),
      // WebAuthn for the shop's own address: its host is the relying party, its origin the only one.
      passkey({ rpID: new URL(publicUrl).hostname, rpName: APP_NAME, origin: new URL(publicUrl).origin }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      session: {
        create: {
          // A Disabled or Eliminated account never gets a session (ASVS 7.4.2).
          async before(session, context) {
            const status = await repository.statusOf(session.userId);
            if (status && status !== 'Enabled') {
              throw new APIError('FORBIDDEN', {
                message: MESSAGES.identity.disabled,
                code: 'ACCOUNT_DISABLED',
              });
            }
            // Only a session begun by a verified code or a passkey is marked; every other path (a
            // password alone, Google, disabling two-factor) starts a session without it.
            return { data: { ...session, secondFactor: SECOND_FACTOR_PATHS.has(context?.path ?? '') } };
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'shop',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Our own limits (@fastify/rate-limit) guard sign-in, sign-up and reset, per address and per account.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The administrator is the account with ADMIN_EMAIL (docs/decisions/004). It is created at start
 * when missing, with ADMIN_PASSWORD or a random password that is printed once.
 */
export async function ensureAdmin(
  auth: Auth,
  repository: AuthRepository,
  admin: { email: string; password?: string },
  log: (message: string) => void,
): Promise<void> {
  if (await repository.findUserByEmail(admin.email)) return;
  const password = admin.password ?? crypto.randomBytes(12).toString('base64url');
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    throw new Error(`ADMIN_PASSWORD must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`);
  }
  // Created as sign-up would store it, without signing in: signUpEmail would leave a 30-day session
  // that nobody holds, listed as an "Unknown device" on the administrator's account page.
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const user = await context.internalAdapter.createUser(
    { email: admin.email, name: 'Administrator', emailVerified: true },
    { method: 'email-password' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  if (!admin.password) {
    log(
      `Created the administrator ${admin.email} with the password ${password} (shown once; set ADMIN_PASSWORD to choose it).`,
    );
  }
}
