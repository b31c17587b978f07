import { z } from 'zod';
import { emailSchema } from './forms.js';

/** `POST /api/restock`: "Email me when it's back" for a sold-out size of a shoe. */
export const restockRequestSchema = z.object({
  email: emailSchema,
  shoeId: z.string().max(100),
  size: z.string().trim().min(1).max(10),
});
export type RestockRequest = z.infer<typeof restockRequestSchema>;
