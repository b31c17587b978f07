import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals.js';
import { refundTaxCents } from './refund-tax.js';
import { priceRefund, type Pairs, type RefundLedger } from './refunds.js';

/** A taxed order: lines after their code, Express-like shipping, a state's rate (taxing shipping or not). */
const orderArbitrary = fc.record({
  lines: fc.array(
    fc.record({ cents: fc.integer({ min: 0, max: 200_000 }), quantity: fc.integer({ min: 1, max: 6 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  shippingCents: fc.integer({ min: 0, max: 5_000 }),
  rateMilliPercent: fc.integer({ min: 1, max: 25_000 }),
  taxShipping: fc.boolean(),
  steps: fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('pairs' as const),
        line: fc.nat(),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({ kind: fc.constant('amount' as const), part: fc.double({ min: 0, max: 1, noNaN: true }) }),
    ),
    { maxLength: 12 },
  ),
});

type TaxedOrder = typeof orderArbitrary extends fc.Arbitrary<infer T> ? T : never;

function ledgerOf(order: TaxedOrder): RefundLedger {
  const totals = orderTotals(
    order.lines.map((line) => line.cents),
    {
      shipping: { priceCents: order.shippingCents, freeAboveCents: null, minDays: 1, maxDays: 2 },
      tax: { rateMilliPercent: order.rateMilliPercent, taxShipping: order.taxShipping },
    },
  );
  return {
    chargedCents: totals.totalCents,
    taxCents: totals.taxCents,
    lines: order.lines.map((line, index) => ({
      lineId: `line-${index}`,
      quantity: line.quantity,
      paidCents: line.cents + totals.lineTaxCents[index]!,
      taxCents: totals.lineTaxCents[index]!,
    })),
    refunds: [],
    returns: [],
  };
}

/** Makes a refund as the refund writer does: priced, then its tax part, then kept. */
function refund(ledger: RefundLedger, request: { amount?: number; lines?: Pairs[] }): RefundLedger {
  const priced = priceRefund(request, ledger);
  if (!priced.ok) return ledger;
  const taxCents = refundTaxCents(request, ledger, priced.cents);
  expect(taxCents).toBeGreaterThanOrEqual(0);
  expect(taxCents).toBeLessThanOrEqual(priced.cents);
  const kept = { status: 'succeeded', amountCents: priced.cents, lines: request.lines ?? [], taxCents };
  return { ...ledger, refunds: [...ledger.refunds, kept] };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the sales tax refunds give back (property)', () => {
  it('never more than charged, and exactly all of it once the whole order is refunded, in any order', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        let ledger = ledgerOf(order);
        for (const step of order.steps) {
          if (step.kind === 'pairs') {
            const line = ledger.lines[step.line % ledger.lines.length]!;
            ledger = refund(ledger, { lines: [{ lineId: line.lineId, quantity: step.quantity }] });
          } else {
            const left = ledger.chargedCents - sum(ledger.refunds.map((r) => r.amountCents));
            const amount = Math.floor(left * step.part);
            if (amount > 0) ledger = refund(ledger, { amount });
          }
          expect(sum(ledger.refunds.map((r) => r.taxCents ?? 0))).toBeLessThanOrEqual(ledger.taxCents!);
        }
        // The rest, pair by pair, then what is left (shipping) by amount.
        for (const line of ledger.lines) {
          const given = sum(
            ledger.refunds.flatMap((r) =>
              r.lines.filter((p) => p.lineId === line.lineId).map((p) => p.quantity),
            ),
          );
          if (given < line.quantity)
            ledger = refund(ledger, { lines: [{ lineId: line.lineId, quantity: line.quantity - given }] });
        }
        const left = ledger.chargedCents - sum(ledger.refunds.map((r) => r.amountCents));
        if (left > 0) ledger = refund(ledger, { amount: left });
        expect(sum(ledger.refunds.map((r) => r.amountCents))).toBe(ledger.chargedCents);
        expect(sum(ledger.refunds.map((r) => r.taxCents ?? 0))).toBe(ledger.taxCents);
      }),
      { numRuns: 3_000 },
    );
  });

  it('gives back a pair’s share of its line’s tax, and an amount its part of the tax left', () => {
    // 2 pairs at $100 taxed 7.25 %: $14.50 of tax, $7.25 each; shipping $19.95 untaxed.
    const ledger = ledgerOf({
      lines: [{ cents: 20_000, quantity: 2 }],
      shippingCents: 1_995,
      rateMilliPercent: 7_250,
      taxShipping: false,
      steps: [],
    });
    expect(ledger.taxCents).toBe(1_450);
    expect(refundTaxCents({ lines: [{ lineId: 'line-0', quantity: 1 }] }, ledger, 10_725)).toBe(725);
    // Half of the $234.45 charged gives back half of the tax, rounded down.
    expect(refundTaxCents({}, ledger, 11_722)).toBe(724);
    expect(refundTaxCents({}, ledger, 23_445)).toBe(1_450);
    expect(refundTaxCents({}, { ...ledger, taxCents: 0 }, 23_445)).toBe(0);
  });
});
