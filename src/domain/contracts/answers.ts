import { z } from 'zod';
import { userSchema } from '../account.js';

/**
 * Answer shapes many endpoints share. Each endpoint's body and answer schemas are declared once in
 * src/domain (here, in the area's contract file, or beside the entity), and both the server's route
 * and the web app's request use that very schema (docs/decisions/008).
 */

/** `{ message }`: 'Deleted!', 'Email send', the spec's notices. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** `{ user }`: who is signed in after a sign-in or sign-up. */
export const userAnswerSchema = z.object({ user: userSchema });

/** `{ message, user }`: a change to the signed-in user's own profile. */
export const messageAndUserAnswerSchema = z.object({ message: z.string(), user: userSchema });
