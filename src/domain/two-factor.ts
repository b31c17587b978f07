import { z } from 'zod';
import { MESSAGES } from './messages.js';

/**
 * Two-step sign-in (issue 20): after the password, a 6-digit code from an authenticator app
 * (TOTP, RFC 6238) or one of ten one-time recovery codes. Staff need it for the admin panel.
 */
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_KINDS = ['authenticator', 'recovery'] as const;
export type TwoFactorKind = (typeof TWO_FACTOR_KINDS)[number];

const AUTHENTICATOR_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** Spaces people copy along with a code are dropped; the shape is checked before any lookup. */
const codeField = z
  .string({ error: MESSAGES.twoFactor.fillCode })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().min(1, MESSAGES.twoFactor.fillCode).max(11, MESSAGES.twoFactor.wrongCode));

/** The second step of a sign-in. */
export const twoFactorCodeSchema = z
  .object({ code: codeField, kind: z.enum(TWO_FACTOR_KINDS).default('authenticator') })
  .strict()
  .superRefine(({ code, kind }, context) => {
    if (code === '') return;
    const [pattern, message] =
      kind === 'authenticator'
        ? [AUTHENTICATOR_CODE, MESSAGES.twoFactor.codeFormat]
        : [RECOVERY_CODE, MESSAGES.twoFactor.recoveryFormat];
    if (!pattern.test(code)) context.addIssue({ code: 'custom', path: ['code'], message });
  });

/** Confirming a new authenticator: its first code. */
export const confirmTwoFactorSchema = z
  .object({ code: codeField.pipe(z.string().regex(AUTHENTICATOR_CODE, MESSAGES.twoFactor.codeFormat)) })
  .strict();
