import { z } from 'zod';

/**
 * Refunds from the admin order view (issue 19): an amount, or lines and quantities, with a reason and
 * perhaps the pairs back in stock. Amounts are cents, as the order's.
 */
export const refundRequestSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(3, 'Say why, in 3 to 200 characters')
      .max(200, 'Say why, in 3 to 200 characters'),
    /** Cents: a refund by amount. */
    amount: z.number().int().min(1, 'A refund is at least 1 cent').max(100_000_000).optional(),
    /** A refund by line: the order's lines (`lineId`) and how many pairs of each. */
    lines: z
      .array(z.object({ lineId: z.string().max(100), quantity: z.number().int().min(1).max(99) }))
      .min(1)
      .max(50)
      .optional(),
    restock: z.boolean().default(false),
  })
  .refine((request) => (request.amount === undefined) !== (request.lines === undefined), {
    message: 'Refund an amount or some lines, not both',
    path: ['amount'],
  });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** An order line as a refund sees it: what it cost after its discount. */
export interface RefundableLine {
  lineId: string;
  quantity: number;
  /** Cents paid for the whole line (unit price x quantity - its discount). */
  paidCents: number;
}

/** A line's share, to the cent, for some of its pairs: what they cost after the line's discount. */
export function pairsShareCents(line: Pick<RefundableLine, 'paidCents' | 'quantity'>, pairs: number): number {
  return Math.round((line.paidCents * pairs) / line.quantity);
}

/** What an order line (as the API shows it, in dollars) cost in all, in cents. */
export function linePaidCents(line: { price: number; quantity: number; discount: number }): number {
  return Math.round(line.price * 100) * line.quantity - Math.round(line.discount * 100);
}

export type RefundRefusal =
  | { reason: 'unknown_line'; lineId: string }
  | { reason: 'too_many_pairs'; lineId: string; left: number }
  | { reason: 'more_than_left'; leftCents: number };

/**
 * The cents a refund gives back: its amount, or its lines' share of what they cost (in proportion to
 * the pairs, to the cent), refused when a line is not the order's, when more pairs are asked than
 * are left of a line, or when the total passes what is left of the payment.
 */
export function refundAmount(
  request: Pick<RefundRequest, 'amount' | 'lines'>,
  order: { lines: readonly RefundableLine[]; leftCents: number; refundedPairs: ReadonlyMap<string, number> },
): { ok: true; cents: number } | { ok: false; refusal: RefundRefusal } {
  let cents = request.amount ?? 0;
  for (const asked of request.lines ?? []) {
    const line = order.lines.find((candidate) => candidate.lineId === asked.lineId);
    if (!line) return { ok: false, refusal: { reason: 'unknown_line', lineId: asked.lineId } };
    const left = line.quantity - (order.refundedPairs.get(line.lineId) ?? 0);
    if (asked.quantity > left)
      return { ok: false, refusal: { reason: 'too_many_pairs', lineId: line.lineId, left } };
    cents += pairsShareCents(line, asked.quantity);
  }
  if (cents > order.leftCents)
    return { ok: false, refusal: { reason: 'more_than_left', leftCents: order.leftCents } };
  return { ok: true, cents };
}
