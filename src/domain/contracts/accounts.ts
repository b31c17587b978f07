import { z } from 'zod';

/** `GET /api/account/providers`: which sign-in providers besides email and password are set up. */
export const providersAnswerSchema = z.object({ google: z.boolean() });

/** `POST /api/auth/sign-in/social`: where the browser goes to sign in with the provider. */
export const socialSignInAnswerSchema = z.object({ url: z.string().min(1) });

/**
 * `POST /api/account/verify-email` and `POST /api/account/verify-email/send`: what happened, and
 * whether the signed-in user's address is confirmed now (false while a mailed link waits).
 */
export const emailConfirmationAnswerSchema = z.object({ message: z.string(), emailVerified: z.boolean() });
export type EmailConfirmationAnswer = z.infer<typeof emailConfirmationAnswerSchema>;
