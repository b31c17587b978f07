import { z } from 'zod';
import { RETURN_WINDOW_DAYS } from './constants.js';
import { MESSAGES } from './messages.js';
import { openPairs, refundableCents, type RefundLedger } from './refunds.js';

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

/**
 * requested -> approved (the shopper sends the pairs back) -> received (refunded, perhaps back in
 * stock); approved with its refund at once when the staff choose to; or rejected.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'rejected'] as const;
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

/**
 * The staff's answer to a return request: approve it (the shopper is mailed how to send the pairs;
 * `refundNow` refunds at once, on purpose, without waiting for them), mark its pairs received (the
 * refund, and the pairs back in stock if asked), or reject it with a message.
 */
export const returnDecisionSchema = z.discriminatedUnion('decision', [
  z
    .object({
      decision: z.literal('approve'),
      refundNow: z.boolean().default(false),
      restock: z.boolean().default(false),
    })
    .strict(),
  z.object({ decision: z.literal('receive'), restock: z.boolean().default(true) }).strict(),
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

/**
 * The last moment a return may be asked: RETURN_WINDOW_DAYS after the order was first Received (set
 * back to Pending and Received again, the window neither restarts nor grows); null while not received.
 */
export function returnWindowEnd(firstReceivedAt: string | Date | null): Date | null {
  if (firstReceivedAt === null) return null;
  return new Date(new Date(firstReceivedAt).getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export type ReturnRefusal =
  | { reason: 'not_received' }
  | { reason: 'window_closed' }
  | { reason: 'nothing_left' }
  | { reason: 'unknown_line'; lineId: string }
  | { reason: 'too_many_pairs'; lineId: string; left: number };

/**
 * Whether a shopper may ask this return now, and why not: only while the order is Received, within
 * RETURN_WINDOW_DAYS of its first Received, and only for pairs whose money is still there to refund.
 */
export function checkReturn(
  request: Pick<ReturnRequest, 'lines'>,
  order: { firstReceivedAt: string | Date | null; ledger: RefundLedger },
  now: Date,
): ReturnRefusal | null {
  const end = returnWindowEnd(order.firstReceivedAt);
  if (!end) return { reason: 'not_received' };
  if (now.getTime() > end.getTime()) return { reason: 'window_closed' };
  const open = openPairs(order.ledger);
  for (const asked of request.lines) {
    const left = open.get(asked.lineId);
    if (left === undefined) return { reason: 'unknown_line', lineId: asked.lineId };
    if (asked.quantity > left) return { reason: 'too_many_pairs', lineId: asked.lineId, left };
  }
  if (refundableCents(order.ledger) === 0) return { reason: 'nothing_left' };
  return null;
}

export function returnRefusalMessage(refusal: ReturnRefusal): string {
  if (refusal.reason === 'not_received') return MESSAGES.returns.notReceived;
  if (refusal.reason === 'window_closed') return MESSAGES.returns.windowClosed(RETURN_WINDOW_DAYS);
  if (refusal.reason === 'nothing_left') return MESSAGES.returns.nothingLeft;
  if (refusal.reason === 'unknown_line') return MESSAGES.returns.unknownLine;
  return MESSAGES.returns.tooManyPairs(refusal.left);
}
