import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { ROLES, type Role } from './roles.js';

/**
 * Identity forms (spec §5, §8). The spec's identity errors come from its
 * identity provider; ours come from these schemas and the accounts service.
 */
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
export const DISPLAY_NAME_MAX = 60;

export const PASSWORD_TOO_LONG = `The Password can be at most ${PASSWORD_LENGTH.max} characters`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Also Zod's own email format, the one better-auth checks, so its refusal never reaches a shopper. */
export const accountEmailSchema = z
  .string({ error: MESSAGES.identity.invalidEmail })
  .trim()
  .max(254, MESSAGES.identity.invalidEmail)
  .regex(EMAIL, MESSAGES.identity.invalidEmail)
  .pipe(z.email({ error: MESSAGES.identity.invalidEmail }))
  .transform((email) => email.toLowerCase());

/** Empty: 'Fill the password'; short: the spec's weak-password text; long: refused before hashing. */
export const passwordSchema = z
  .string({ error: MESSAGES.identity.fillPassword })
  .min(1, MESSAGES.identity.fillPassword)
  .min(PASSWORD_LENGTH.min, MESSAGES.identity.weakPassword)
  .max(PASSWORD_LENGTH.max, PASSWORD_TOO_LONG);

export const credentialsSchema = z.object({ email: accountEmailSchema, password: passwordSchema });
export type Credentials = z.input<typeof credentialsSchema>;

export const forgetPasswordSchema = z.object({ email: accountEmailSchema });
export type ForgetPasswordInput = z.input<typeof forgetPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The token of an email confirmation link (`/verify-email?token=...`): a signed JWT of a few hundred characters. */
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(2048) });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const DISPLAY_NAME_MESSAGE = `Enter a name of 1 to ${DISPLAY_NAME_MAX} characters`;
export const displayNameSchema = z.object({
  name: z
    .string({ error: DISPLAY_NAME_MESSAGE })
    .trim()
    .min(1, DISPLAY_NAME_MESSAGE)
    .max(DISPLAY_NAME_MAX, DISPLAY_NAME_MESSAGE),
});
export type DisplayNameInput = z.input<typeof displayNameSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.identity.fillPassword })
    .min(1, MESSAGES.identity.fillPassword)
    .max(PASSWORD_LENGTH.max, MESSAGES.identity.wrongPassword),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The password, typed again before a sensitive change (deleting the account, two-step sign-in). */
export const passwordAgainSchema = z
  .object({
    password: z
      .string({ error: MESSAGES.identity.fillPassword })
      .min(1, MESSAGES.identity.fillPassword)
      .max(PASSWORD_LENGTH.max, MESSAGES.identity.wrongPassword),
  })
  .strict();
export type PasswordAgainInput = z.input<typeof passwordAgainSchema>;
export const deleteAccountSchema = passwordAgainSchema;
export type DeleteAccountInput = PasswordAgainInput;

export { canUseAdminPanel, hasSecondFactor, ROLES, type Role } from './roles.js';

/** The user record of spec §3 (+ name, image and role for the account screen). */
export const userSchema = z.object({
  _id: z.string(),
  idUser: z.string(),
  email: z.string(),
  /** The address was confirmed: by its mailed link, by Google, or set so (the administrator). */
  emailVerified: z.boolean(),
  name: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['Enabled', 'Disabled', 'Eliminated']),
  manager: z.boolean(),
  role: z.enum(ROLES),
  /** Two-step sign-in (an authenticator app) is on. */
  twoFactor: z.boolean(),
  /** How many passkeys the account holds (each is a second factor too). */
  passkeys: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  user: userSchema.nullable(),
  /** This session began with a second factor (staff need one for the admin panel). */
  secondFactor: z.boolean(),
});

/**
 * Why `actor` may not change `target`'s status or manager flag, or undefined when they may.
 * Nobody changes the administrator's account (its role comes from ADMIN_EMAIL and it must
 * never be locked out); managers run the shop but only the administrator appoints,
 * dismisses or disables managers.
 */
export function userChangeRefusal(
  actor: Role,
  target: Role,
  changesManagerFlag: boolean,
): 'administrator_account' | 'administrator_only' | undefined {
  if (target === 'admin') return 'administrator_account';
  if (actor !== 'admin' && (changesManagerFlag || target === 'manager')) return 'administrator_only';
  return undefined;
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
