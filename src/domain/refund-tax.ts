import { leftCents, nextPairsCents, refundedPairs, type Pairs, type RefundLedger } from './refunds.js';

/**
 * The sales tax a refund gives back (issue 31), so the shop's tax collected is net of refunds and
 * every refund's tax parts sum exactly to the tax charged once the whole order is given back.
 * - Pairs give back their share of their line's tax, shared out as the line's cents are (the last
 *   pairs of a line get what is left of its tax).
 * - An amount gives back the same part of the tax left as it is of the cents left (rounded down).
 * - A refund of everything that is left gives back all the tax left.
 * Never more than the refund's own cents, nor than the tax left.
 */
export function refundTaxCents(
  request: { lines?: readonly Pairs[] | undefined },
  ledger: RefundLedger,
  cents: number,
): number {
  const live = ledger.refunds.filter((refund) => refund.status !== 'failed');
  const taxLeft = (ledger.taxCents ?? 0) - live.reduce((sum, refund) => sum + (refund.taxCents ?? 0), 0);
  const left = leftCents(ledger);
  if (taxLeft <= 0 || cents <= 0) return 0;
  if (cents >= left) return Math.min(taxLeft, cents);
  if (request.lines) {
    const done = refundedPairs(ledger);
    let tax = 0;
    for (const pairs of request.lines) {
      const line = ledger.lines.find((candidate) => candidate.lineId === pairs.lineId);
      if (!line) continue;
      const taxLine = { ...line, paidCents: line.taxCents ?? 0 };
      tax += nextPairsCents(taxLine, done.get(line.lineId) ?? 0, pairs.quantity);
    }
    return Math.min(tax, cents, taxLeft);
  }
  return Math.min(Math.floor((cents * taxLeft) / left), taxLeft);
}
