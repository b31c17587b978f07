import { z } from 'zod';
import { userSchema } from '../account.js';

/** A new authenticator, shown once: the QR code, the same secret as text, the recovery codes. */
export const twoFactorSetupSchema = z.object({
  /** otpauth:// URI the authenticator app reads from the QR code. */
  totpURI: z.string(),
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** A sign-in's answer: the user, or the request for the second step (a short-lived cookie holds it). */
export const signInAnswerSchema = z.union([
  z.object({ user: userSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
