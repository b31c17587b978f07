import { z } from 'zod';
import { RETURN_WINDOW_DAYS } from './constants.js';
import { MESSAGES } from './messages.js';

/**
 * Returns asked for by the shopper (issue 19): within RETURN_WINDOW_DAYS of Received, some pairs of
 * the order's lines with a reason; the staff approve (a refund of those pairs) or reject with a message.
 */
export const RETURN_REASONS = ['wrong_size', 'damaged', 'not_as_described', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_size: 'Wrong size',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

export const RETURN_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const pairsSchema = z.object({
  lineId: z.string().max(100),
  quantity: z.number().int().min(1, MESSAGES.returns.pickPairs).max(99),
});

/** What the shopper sends from the order page; the server checks it with the same schema. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(pairsSchema)
      .min(1, MESSAGES.returns.pickPairs)
      .max(50)
      .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, {
        message: 'Name each line once',
      }),
    reason: z.enum(RETURN_REASONS, { message: MESSAGES.returns.pickReason }),
    note: z.string().trim().max(500, MESSAGES.returns.note).optional(),
  })
  .strict();
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The staff's answer to a return request. */
export const returnDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), restock: z.boolean().default(false) }).strict(),
  z
    .object({
      decision: z.literal('reject'),
      message: z
        .string()
        .trim()
        .min(3, MESSAGES.returns.rejectMessage)
        .max(500, MESSAGES.returns.rejectMessage),
    })
    .strict(),
]);
export type ReturnDecision = z.infer<typeof returnDecisionSchema>;

/** The last moment a return may be asked: RETURN_WINDOW_DAYS after Received; null while not received. */
export function returnWindowEnd(receivedAt: string | Date | null): Date | null {
  if (receivedAt === null) return null;
  return new Date(new Date(receivedAt).getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

interface Pairs {
  lineId: string;
  quantity: number;
}

/**
 * Pairs of each line that are spoken for: given back by a refund that did not fail, or asked back by
 * a return still waiting for its answer (an approved return's pairs are on its refund).
 */
export function pairsTaken(order: {
  refunds: readonly { status: string; lines: readonly Pairs[] }[];
  returns?: readonly { status: string; lines: readonly Pairs[] }[];
}): Map<string, number> {
  const taken = new Map<string, number>();
  const add = (lines: readonly Pairs[]) => {
    for (const line of lines) taken.set(line.lineId, (taken.get(line.lineId) ?? 0) + line.quantity);
  };
  for (const refund of order.refunds) if (refund.status !== 'failed') add(refund.lines);
  for (const asked of order.returns ?? []) if (asked.status === 'requested') add(asked.lines);
  return taken;
}

export type ReturnRefusal =
  | { reason: 'not_received' }
  | { reason: 'window_closed' }
  | { reason: 'unknown_line'; lineId: string }
  | { reason: 'too_many_pairs'; lineId: string; left: number };

/** Whether a shopper may ask this return now, and why not. */
export function checkReturn(
  request: Pick<ReturnRequest, 'lines'>,
  order: {
    receivedAt: string | Date | null;
    lines: readonly Pairs[];
    taken: ReadonlyMap<string, number>;
  },
  now: Date,
): ReturnRefusal | null {
  const end = returnWindowEnd(order.receivedAt);
  if (!end) return { reason: 'not_received' };
  if (now.getTime() > end.getTime()) return { reason: 'window_closed' };
  for (const asked of request.lines) {
    const line = order.lines.find((candidate) => candidate.lineId === asked.lineId);
    if (!line) return { reason: 'unknown_line', lineId: asked.lineId };
    const left = line.quantity - (order.taken.get(line.lineId) ?? 0);
    if (asked.quantity > left) return { reason: 'too_many_pairs', lineId: line.lineId, left };
  }
  return null;
}

export function returnRefusalMessage(refusal: ReturnRefusal): string {
  if (refusal.reason === 'not_received') return MESSAGES.returns.notReceived;
  if (refusal.reason === 'window_closed') return MESSAGES.returns.windowClosed(RETURN_WINDOW_DAYS);
  if (refusal.reason === 'unknown_line') return MESSAGES.returns.unknownLine;
  return MESSAGES.returns.tooManyPairs(refusal.left);
}
