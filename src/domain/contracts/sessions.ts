import { z } from 'zod';

/** One of the signed-in user's sessions, as the account page lists them (never its token). */
export const accountSessionSchema = z.object({
  _id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** The browser and system it was opened from, in words ("Chrome 142 on Linux"). */
  device: z.string(),
  /** The address it was opened from. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** When it was last refreshed (sessions are refreshed once a day of use). */
  lastActive: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.array(accountSessionSchema);

export const endedSessionsSchema = z.object({ message: z.string(), ended: z.number().int() });
