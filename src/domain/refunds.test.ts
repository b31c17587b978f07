import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asksOf, modelOutcomes, pricedCaseArbitrary } from '../../tests/fixtures/refund-cases.js';
import {
  nextPairsCents,
  priceRefund,
  refundableCents,
  returnablePairs,
  type RefundLedger,
} from './refunds.js';

const ledgerOf = (paidCents: number, quantity: number): RefundLedger => ({
  chargedCents: paidCents,
  lines: [{ lineId: 'a', quantity, paidCents }],
  refunds: [],
  returns: [],
});

describe('a pair’s share of its line', () => {
  it('adds up to the line: a $12.51 code on 2 pairs of $135 refunds 12,874 then 12,875 cents', () => {
    const line = { lineId: 'a', quantity: 2, paidCents: 25_749 };
    expect(nextPairsCents(line, 0, 1)).toBe(12_874);
    expect(nextPairsCents(line, 1, 1)).toBe(12_875);
    const ledger = ledgerOf(25_749, 2);
    const first = priceRefund({ lines: [{ lineId: 'a', quantity: 1 }] }, ledger);
    expect(first).toEqual({ ok: true, cents: 12_874 });
    const second = priceRefund(
      { lines: [{ lineId: 'a', quantity: 1 }] },
      {
        ...ledger,
        refunds: [{ status: 'succeeded', amountCents: 12_874, lines: [{ lineId: 'a', quantity: 1 }] }],
      },
    );
    expect(second).toEqual({ ok: true, cents: 12_875 });
  });

  it('sums to the line for any split of its pairs, in any order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 20 }),
        (paidCents, quantity, chunks) => {
          const line = { lineId: 'a', quantity, paidCents };
          let done = 0;
          let cents = 0;
          for (const chunk of chunks) {
            const pairs = Math.min(chunk, quantity - done);
            if (pairs === 0) break;
            const share = nextPairsCents(line, done, pairs);
            expect(share).toBeGreaterThanOrEqual(0);
            cents += share;
            done += pairs;
          }
          cents += nextPairsCents(line, done, quantity - done);
          expect(cents).toBe(paidCents);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});

describe('refunds on orders priced with codes (property)', () => {
  it('never give back more than was charged, and an order refunded pair by pair gives back exactly it', () => {
    fc.assert(
      fc.property(pricedCaseArbitrary, (pricedCase) => {
        const outcomes = modelOutcomes(pricedCase);
        const given = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.cents : 0), 0);
        for (const outcome of outcomes) if (outcome.ok) expect(outcome.cents).toBeGreaterThanOrEqual(0);
        // An amount asked is given exactly, or refused.
        asksOf(pricedCase).forEach((ask, index) => {
          const outcome = outcomes[index]!;
          if ('amount' in ask && outcome.ok) expect(outcome.cents).toBe(ask.amount);
        });
        expect(given).toBeLessThanOrEqual(pricedCase.chargedCents);
        // Ending with every pair refunded one at a time: all of the money is back, to the cent.
        if (pricedCase.steps.at(-1)?.kind === 'rest-by-pairs') expect(given).toBe(pricedCase.chargedCents);
        // A pair is refused only for a reason that holds.
        const asks = asksOf(pricedCase);
        outcomes.forEach((outcome, index) => {
          if (outcome.ok) return;
          const ask = asks[index]!;
          if ('amount' in ask) expect(outcome.refusal).toBe('more_than_left');
          else expect(['too_many_pairs', 'nothing_left']).toContain(outcome.refusal);
        });
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('waiting returns and what is left', () => {
  const base: RefundLedger = {
    chargedCents: 10_000,
    lines: [{ lineId: 'a', quantity: 2, paidCents: 10_000 }],
    refunds: [],
    returns: [],
  };
  const waiting = (status: string, refundId: string | null = null) => ({
    id: 'r1',
    status,
    refundId,
    lines: [{ lineId: 'a', quantity: 1 }],
    date: '2026-11-20T10:00:00.000Z',
  });

  it('holds the pairs and the money of a return asked or approved and not yet back', () => {
    for (const status of ['requested', 'approved']) {
      const ledger = { ...base, returns: [waiting(status)] };
      expect(priceRefund({ lines: [{ lineId: 'a', quantity: 2 }] }, ledger)).toEqual({
        ok: false,
        refusal: { reason: 'in_return', askedOn: '2026-11-20' },
      });
      expect(priceRefund({ amount: 6_000 }, ledger)).toEqual({
        ok: false,
        refusal: { reason: 'held_for_return', leftCents: 5_000, askedOn: '2026-11-20' },
      });
      expect(priceRefund({ amount: 5_000 }, ledger)).toEqual({ ok: true, cents: 5_000 });
      // The return itself is priced without its own hold.
      expect(priceRefund({ lines: [{ lineId: 'a', quantity: 1 }] }, ledger, 'r1')).toEqual({
        ok: true,
        cents: 5_000,
      });
      expect(returnablePairs(ledger).get('a')).toBe(1);
    }
  });

  it('lets go of them once the return is refunded or rejected', () => {
    for (const asked of [waiting('approved', 'f1'), waiting('received', 'f1'), waiting('rejected')]) {
      expect(refundableCents({ ...base, returns: [asked] })).toBe(10_000);
    }
  });

  it('offers no return once nothing is left to refund, whatever pairs are left', () => {
    const refunded = { ...base, refunds: [{ status: 'succeeded', amountCents: 10_000, lines: [] }] };
    expect(returnablePairs(refunded).get('a')).toBe(0);
    const pending = { ...base, refunds: [{ status: 'pending', amountCents: 10_000, lines: [] }] };
    expect(returnablePairs(pending).get('a')).toBe(0);
    const failed = { ...base, refunds: [{ status: 'failed', amountCents: 10_000, lines: [] }] };
    expect(returnablePairs(failed).get('a')).toBe(2);
  });
});
