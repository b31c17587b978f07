import { z } from 'zod';
import { formatPrice } from './cart-lines.js';
import { MESSAGES } from './messages.js';

/**
 * Refunds from the admin order view (issue 19): an amount, or lines and quantities, with an internal
 * reason, perhaps words for the buyer, and perhaps the pairs back in stock. Amounts are cents, as the
 * order's.
 */
export const refundRequestSchema = z
  .object({
    /** For the order's history and the audit log only: never shown or mailed to the buyer. */
    reason: z
      .string()
      .trim()
      .min(3, 'Say why, in 3 to 200 characters')
      .max(200, 'Say why, in 3 to 200 characters'),
    /** Words mailed to the buyer with the refund, and shown on their order page. */
    buyerMessage: z
      .string()
      .trim()
      .max(500, 'A message to the buyer is at most 500 characters')
      .optional()
      .transform((message) => message || undefined),
    /** Cents: a refund by amount. */
    amount: z.number().int().min(1, 'A refund is at least 1 cent').max(100_000_000).optional(),
    /** A refund by line: the order's lines (`lineId`) and how many pairs of each. */
    lines: z
      .array(z.object({ lineId: z.string().max(100), quantity: z.number().int().min(1).max(99) }))
      .min(1)
      .max(50)
      .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, {
        message: 'Name each line once',
      })
      .optional(),
    restock: z.boolean().default(false),
  })
  .refine((request) => (request.amount === undefined) !== (request.lines === undefined), {
    message: 'Refund an amount or some lines, not both',
    path: ['amount'],
  });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** Pairs of an order's line. */
export interface Pairs {
  lineId: string;
  quantity: number;
}

/** An order line as a refund sees it: what it was charged after its discount. */
export interface RefundableLine {
  lineId: string;
  quantity: number;
  /** Cents charged for the whole line (unit price x quantity - its discount + its sales tax). */
  paidCents: number;
  /** The part of `paidCents` that is sales tax (issue 31); 0 when untaxed. */
  taxCents?: number;
}

/**
 * Everything a refund is priced against: what was charged, the lines, the refunds so far (a pending
 * one counts: it may still go through) and the returns asked for.
 */
export interface RefundLedger {
  chargedCents: number;
  /** The sales tax in `chargedCents` (lines' and shipping's), issue 31; 0 or absent when untaxed. */
  taxCents?: number;
  lines: readonly RefundableLine[];
  refunds: readonly {
    status: string;
    amountCents: number;
    lines: readonly Pairs[];
    /** The tax part of `amountCents`. */
    taxCents?: number;
  }[];
  returns: readonly {
    id: string;
    status: string;
    refundId: string | null;
    lines: readonly Pairs[];
    /** When it was asked: how the staff know it. */
    date: string | Date;
  }[];
}

/** What an order line (as the API shows it, in dollars) was charged in all, its sales tax included, in cents. */
export function linePaidCents(line: {
  price: number;
  quantity: number;
  discount: number;
  tax?: number;
}): number {
  return (
    Math.round(line.price * 100) * line.quantity -
    Math.round(line.discount * 100) +
    Math.round((line.tax ?? 0) * 100)
  );
}

/**
 * The cents of a line's first `pairs` pairs. Each pair's share is what this adds, so the shares of a
 * line sum exactly to what the line was charged, whatever order its pairs are refunded in: the first
 * pairs get the share rounded down, the last ones what is left of the line.
 */
function firstPairsCents(line: RefundableLine, pairs: number): number {
  return Math.floor((line.paidCents * pairs) / line.quantity);
}

/** The share of `pairs` more pairs of a line, after `before` of them were refunded. */
export function nextPairsCents(line: RefundableLine, before: number, pairs: number): number {
  return firstPairsCents(line, before + pairs) - firstPairsCents(line, before);
}

const live = (refund: { status: string }) => refund.status !== 'failed';

/** A return whose pairs are still spoken for, but not yet refunded: asked, or approved and on its way back. */
export function isWaitingReturn(asked: { status: string; refundId: string | null }): boolean {
  return asked.status === 'requested' || (asked.status === 'approved' && asked.refundId === null);
}

/** Pairs of each line given back by a refund that did not fail. */
export function refundedPairs(ledger: Pick<RefundLedger, 'refunds'>): Map<string, number> {
  const taken = new Map<string, number>();
  for (const refund of ledger.refunds.filter(live))
    for (const line of refund.lines) taken.set(line.lineId, (taken.get(line.lineId) ?? 0) + line.quantity);
  return taken;
}

/** Cents not yet given back (pending refunds count). */
export function leftCents(ledger: Pick<RefundLedger, 'chargedCents' | 'refunds'>): number {
  return (
    ledger.chargedCents - ledger.refunds.filter(live).reduce((sum, refund) => sum + refund.amountCents, 0)
  );
}

/** The share of some pairs after those already given back, each line's pairs after the ones before. */
function pairsCents(
  lines: readonly RefundableLine[],
  done: ReadonlyMap<string, number>,
  asked: readonly Pairs[],
) {
  const counted = new Map(done);
  let cents = 0;
  for (const pairs of asked) {
    const line = lines.find((candidate) => candidate.lineId === pairs.lineId);
    if (!line) continue;
    const before = counted.get(line.lineId) ?? 0;
    cents += nextPairsCents(line, before, pairs.quantity);
    counted.set(line.lineId, before + pairs.quantity);
  }
  return { cents, counted };
}

/**
 * What the waiting returns (but `except`) will refund, and the pairs they hold: each priced after the
 * pairs given back and the returns before it, never more than is left in all.
 */
function heldByReturns(ledger: RefundLedger, except?: string) {
  const waiting = ledger.returns.filter((asked) => asked.id !== except && isWaitingReturn(asked));
  let done: ReadonlyMap<string, number> = refundedPairs(ledger);
  let cents = 0;
  const pairs = new Map<string, number>();
  for (const asked of waiting) {
    const priced = pairsCents(ledger.lines, done, asked.lines);
    cents += priced.cents;
    done = priced.counted;
    for (const line of asked.lines) pairs.set(line.lineId, (pairs.get(line.lineId) ?? 0) + line.quantity);
  }
  return { cents: Math.min(cents, leftCents(ledger)), pairs, waiting };
}

/** Cents a refund may still give back, once the waiting returns (but `except`) have what they need. */
export function refundableCents(ledger: RefundLedger, except?: string): number {
  return Math.max(0, leftCents(ledger) - heldByReturns(ledger, except).cents);
}

const dayOf = (date: string | Date) => new Date(date).toISOString().slice(0, 10);

export type RefundRefusal =
  | { reason: 'unknown_line'; lineId: string }
  | { reason: 'too_many_pairs'; lineId: string; left: number }
  | { reason: 'in_return'; askedOn: string }
  | { reason: 'held_for_return'; leftCents: number; askedOn: string }
  | { reason: 'more_than_left'; leftCents: number }
  | { reason: 'nothing_left' };

/**
 * The cents a refund gives back, or why it cannot be made.
 * - By amount: at most what is left, less what the waiting returns will need.
 * - By pairs: their share of what their lines were charged (the last pairs of a line get what is left
 *   of it), at most what is left; pairs held by a waiting return are that return's to refund. Pairs
 *   of a line charged fewer cents than it has pairs may cost nothing: their refund is 0 cents, and
 *   still gives the pairs back.
 * `forReturn` prices the refund of that return's own pairs.
 */
export function priceRefund(
  request: { amount?: number; lines?: readonly Pairs[] },
  ledger: RefundLedger,
  forReturn?: string,
): { ok: true; cents: number } | { ok: false; refusal: RefundRefusal } {
  const held = heldByReturns(ledger, forReturn);
  const available = Math.max(0, leftCents(ledger) - held.cents);
  const firstWaiting = held.waiting[0];
  if (request.amount !== undefined) {
    if (request.amount <= available) return { ok: true, cents: request.amount };
    if (firstWaiting && request.amount <= leftCents(ledger))
      return {
        ok: false,
        refusal: { reason: 'held_for_return', leftCents: available, askedOn: dayOf(firstWaiting.date) },
      };
    return { ok: false, refusal: { reason: 'more_than_left', leftCents: leftCents(ledger) } };
  }
  const done = refundedPairs(ledger);
  for (const asked of request.lines ?? []) {
    const line = ledger.lines.find((candidate) => candidate.lineId === asked.lineId);
    if (!line) return { ok: false, refusal: { reason: 'unknown_line', lineId: asked.lineId } };
    const left = line.quantity - (done.get(line.lineId) ?? 0);
    if (asked.quantity > left)
      return { ok: false, refusal: { reason: 'too_many_pairs', lineId: line.lineId, left } };
    if (asked.quantity > left - (held.pairs.get(line.lineId) ?? 0)) {
      const holder = held.waiting.find((waiting) =>
        waiting.lines.some((pairs) => pairs.lineId === line.lineId),
      );
      return { ok: false, refusal: { reason: 'in_return', askedOn: dayOf(holder!.date) } };
    }
  }
  if (available === 0) return { ok: false, refusal: { reason: 'nothing_left' } };
  const { cents } = pairsCents(ledger.lines, done, request.lines ?? []);
  return { ok: true, cents: Math.min(cents, available) };
}

/** Pairs of each line neither given back nor held by a waiting return. */
export function openPairs(ledger: RefundLedger): Map<string, number> {
  const done = refundedPairs(ledger);
  const held = heldByReturns(ledger);
  return new Map(
    ledger.lines.map((line) => [
      line.lineId,
      Math.max(0, line.quantity - (done.get(line.lineId) ?? 0) - (held.pairs.get(line.lineId) ?? 0)),
    ]),
  );
}

/**
 * Pairs of each line a shopper may still ask to return: open pairs, and none at all once nothing is
 * left to refund them with.
 */
export function returnablePairs(ledger: RefundLedger): Map<string, number> {
  const open = openPairs(ledger);
  if (refundableCents(ledger) > 0) return open;
  return new Map([...open.keys()].map((lineId) => [lineId, 0]));
}

/** An order as the API shows it, as a ledger (the web's view of what can be refunded and returned). */
export function ledgerOfOrder(order: {
  amount: number;
  shoe: readonly { lineId: string; quantity: number; price: number; discount: number; tax?: number }[];
  refunds: readonly { status: string; amount: number; lines: readonly Pairs[] }[];
  returns: readonly {
    _id: string;
    status: string;
    refundId: string | null;
    lines: readonly Pairs[];
    date: string;
  }[];
}): RefundLedger {
  return {
    chargedCents: order.amount,
    lines: order.shoe.map((line) => ({
      lineId: line.lineId,
      quantity: line.quantity,
      paidCents: linePaidCents(line),
    })),
    refunds: order.refunds.map((refund) => ({
      status: refund.status,
      amountCents: refund.amount,
      lines: refund.lines,
    })),
    returns: order.returns.map((asked) => ({
      id: asked._id,
      status: asked.status,
      refundId: asked.refundId,
      lines: asked.lines,
      date: asked.date,
    })),
  };
}

const dollars = (cents: number) => formatPrice(cents / 100);

/** Why a refund cannot be made, in the staff's words (the server's answer and the form's preview). */
export function refundRefusalMessage(refusal: RefundRefusal): string {
  switch (refusal.reason) {
    case 'unknown_line':
      return MESSAGES.refunds.unknownLine;
    case 'too_many_pairs':
      return MESSAGES.refunds.tooManyPairs(refusal.left);
    case 'in_return':
      return MESSAGES.refunds.inReturn(refusal.askedOn);
    case 'held_for_return':
      return MESSAGES.refunds.heldForReturn(dollars(refusal.leftCents), refusal.askedOn);
    case 'nothing_left':
      return MESSAGES.refunds.nothingLeft;
    case 'more_than_left':
      return MESSAGES.refunds.moreThanLeft(dollars(refusal.leftCents));
  }
}
