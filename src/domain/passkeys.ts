import { z } from 'zod';
import { passwordAgainSchema } from './account.js';
import { MESSAGES } from './messages.js';

/**
 * Passkeys (issue 20): WebAuthn credentials that sign in without a password and count as two
 * factors for staff. The browser's WebAuthn answers travel as the JSON @simplewebauthn produces.
 */
export const PASSKEY_NAME_MAX = 60;

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.passkeys.invalid);

const passkeyNameSchema = z
  .string({ error: MESSAGES.passkeys.name })
  .trim()
  .max(PASSKEY_NAME_MAX, MESSAGES.passkeys.name);

/** The account page's form: a name for the passkey (optional) and the password again. */
export const addPasskeyFormSchema = passwordAgainSchema.extend({ name: passkeyNameSchema });

/** A WebAuthn answer (registration or assertion), as the browser's library serializes it. */
const webAuthnAnswer = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url.min(1, MESSAGES.passkeys.invalid),
    rawId: base64url,
    type: z.literal('public-key', { error: MESSAGES.passkeys.invalid }),
    response: z.object(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

export const addPasskeySchema = z
  .object({
    response: webAuthnAnswer({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z.array(z.string().max(20)).max(10).optional(),
    }),
    name: passkeyNameSchema.optional(),
  })
  .strict();

export const passkeySignInSchema = z
  .object({
    response: webAuthnAnswer({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  })
  .strict();

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Synced across the person's devices (a password manager, iCloud Keychain) or bound to one. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);
export const passkeyAddedSchema = z.object({ message: z.string(), passkey: passkeySchema });

/** The WebAuthn options the browser hands to navigator.credentials (a challenge for 5 minutes). */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown());
