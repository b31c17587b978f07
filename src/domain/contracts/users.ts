import { z } from 'zod';
import { userSchema } from '../account.js';

/** `GET /api/user`: the administrator's users table. */
export const userListAnswerSchema = z.array(userSchema);
