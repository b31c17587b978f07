import { z } from 'zod';
import { RETURN_REASONS, RETURN_STATUSES } from '../returns.js';

/** A return request as the staff's table shows it (`/api/admin/returns`): the pairs named, money in dollars. */
export const returnAnswerSchema = z.object({
  _id: z.string(),
  idPayment: z.string(),
  email: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** Still to be answered by the staff: asked, or approved and its pairs not back yet. */
  waiting: z.boolean(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      size: z.string(),
      quantity: z.number().int(),
    }),
  ),
  /** What its refund gave back, or what refunding it would give now: its pairs' share of what was paid. */
  value: z.number(),
  date: z.string(),
  decidedAt: z.string().nullable(),
  /** When its pairs were marked back in the warehouse (and refunded). */
  receivedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  message: z.string().nullable(),
});
export type ReturnAnswer = z.infer<typeof returnAnswerSchema>;

export const returnListAnswerSchema = z.array(returnAnswerSchema);
