import { z } from 'zod';

/** `GET /api/account/providers`: which sign-in providers besides email and password are set up. */
export const providersAnswerSchema = z.object({ google: z.boolean() });

/** `POST /api/auth/sign-in/social`: where the browser goes to sign in with the provider. */
export const socialSignInAnswerSchema = z.object({ url: z.string().min(1) });
