import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/client.js';
import { orderLines, orderRefunds, orders } from '../../../src/server/db/schema.js';
import { createFulfilmentRepository } from '../../../src/server/modules/fulfilment/repository.js';
import { asksOf, modelOutcomes, type PricedCase, type RefundOutcome } from '../../fixtures/refund-cases.js';

/**
 * One random order priced with a code (tests/fixtures/refund-cases.ts) written to the database and
 * refunded ask by ask through the fulfilment repository's SQL (the same startRefund and settleRefund
 * the refund route calls): each outcome must be the domain's, the money given back never more than
 * the charge, and all of it once every pair is refunded. Returns how many refunds were asked.
 *
 * `db` may be a transaction (cast by the caller): the repository's own transactions then become
 * savepoints, so a file can check many orders without paying a commit for each refund.
 */
export async function checkRefundCase(
  db: Database,
  shopper: { userId: string; email: string },
  pricedCase: PricedCase,
): Promise<number> {
  const repository = createFulfilmentRepository(db);
  const actor = { _id: 'property', email: 'property@shares.test' };
  const idPayment = `pi_prop_${crypto.randomUUID()}`;
  const [order] = await db
    .insert(orders)
    .values({ userId: shopper.userId, email: shopper.email, idPayment, amountCents: pricedCase.chargedCents })
    .returning({ id: orders.id });
  const lines = await db
    .insert(orderLines)
    .values(
      pricedCase.lines.map((line, index) => ({
        orderId: order!.id,
        name: `Line ${index}`,
        image: '/x.webp',
        size: String(index + 5),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        discountCents: line.discountCents,
      })),
    )
    .returning({ id: orderLines.id, size: orderLines.size });
  const lineIds = [...lines].sort((a, b) => Number(a.size) - Number(b.size)).map((line) => line.id);
  const asks = asksOf(pricedCase);
  const outcomes: RefundOutcome[] = [];
  for (const ask of asks) {
    const request = {
      reason: 'Property',
      restock: false,
      buyerMessage: undefined,
      ...('amount' in ask
        ? { amount: ask.amount }
        : { lines: ask.lines.map((pairs) => ({ lineId: lineIds[pairs.line]!, quantity: pairs.quantity })) }),
    };
    const started = await repository.startRefund(idPayment, request, actor, {
      requestKey: crypto.randomUUID(),
      requestHash: 'property',
    });
    if (started.kind === 'refused') outcomes.push({ ok: false, refusal: started.refusal.reason });
    else if (started.kind === 'refund') {
      await repository.settleRefund(started.refund.id, {
        status: 'succeeded',
        providerRefundId: started.refund.amountCents > 0 ? `re_${crypto.randomUUID()}` : null,
      });
      outcomes.push({ ok: true, cents: started.refund.amountCents });
    } else throw new Error(`unexpected ${started.kind}`);
  }
  expect(outcomes).toEqual(modelOutcomes(pricedCase));
  const settled = await db
    .select({ amount: orderRefunds.amountCents, status: orderRefunds.status })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order!.id));
  const given = settled.reduce((sum, row) => sum + (row.status === 'succeeded' ? row.amount : 0), 0);
  expect(given).toBeLessThanOrEqual(pricedCase.chargedCents);
  if (pricedCase.steps.at(-1)?.kind === 'rest-by-pairs') expect(given).toBe(pricedCase.chargedCents);
  return asks.length;
}
