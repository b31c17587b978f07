/**
 * The one writer of `order_refunds` (issue 30: one owner per table), called inside the caller's
 * transaction under the order's row lock (order-trail.ts): a staff refund (modules/fulfilment) and a
 * return's refund (modules/returns) are reserved here, and every refund is settled here, whoever hears
 * the provider first (the request itself, a retry, Stripe's webhook). What a settlement means to a
 * return is the returns module's to decide: it follows the refund's events.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  leftCents,
  priceRefund,
  type RefundLedger,
  type RefundRefusal,
  type RefundRequest,
} from '../../domain/refunds.js';
import { refundTaxCents } from '../../domain/refund-tax.js';
import type { Actor } from '../audit/audit-writer.js';
import type { Database } from '../db/client.js';
import { orderLines, orderRefunds, orders, returnRequests } from '../db/schema.js';
import { recordEvents } from '../events/outbox-repository.js';
import { putBackPairs } from '../stock/stock-writer.js';
import { recordStaffOrderEvent, type LockedOrder, type Tx } from './order-trail.js';

export type RefundRow = typeof orderRefunds.$inferSelect;

/** The provider's answer to a pending refund. */
export type RefundOutcome = { status: 'succeeded'; providerRefundId: string | null } | { status: 'failed' };

/** A locked order's refunds and returns, as a refund is priced against them. */
export async function ledgerOf(
  tx: Tx | Database,
  order: Pick<LockedOrder, 'id' | 'amountCents'>,
): Promise<RefundLedger> {
  const [lines, refunds, returns, [taxed]] = await Promise.all([
    tx
      .select({
        lineId: orderLines.id,
        quantity: orderLines.quantity,
        paidCents: sql<number>`${orderLines.unitPriceCents} * ${orderLines.quantity} - ${orderLines.discountCents} + ${orderLines.taxCents}`,
        taxCents: orderLines.taxCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id)),
    tx
      .select({
        amountCents: orderRefunds.amountCents,
        lines: orderRefunds.lines,
        status: orderRefunds.status,
        taxCents: orderRefunds.taxCents,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id)),
    tx
      .select({
        id: returnRequests.id,
        status: returnRequests.status,
        refundId: returnRequests.refundId,
        lines: returnRequests.lines,
        date: returnRequests.createdAt,
      })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))
      .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id)),
    tx.select({ taxCents: orders.taxCents }).from(orders).where(eq(orders.id, order.id)),
  ]);
  return {
    chargedCents: order.amountCents,
    taxCents: taxed?.taxCents ?? 0,
    lines: lines.map((line) => ({ ...line, paidCents: Number(line.paidCents) })),
    refunds,
    returns,
  };
}

/**
 * Writes a refund 'pending' on a locked order, priced against what is left of the payment and of
 * each line and what the waiting returns hold (pending refunds count: they may still go through),
 * with its trail entry. `forReturn` refunds that return's own pairs.
 */
export async function reserveRefund(
  tx: Tx,
  order: LockedOrder,
  request: Pick<RefundRequest, 'amount' | 'lines' | 'reason' | 'restock'> & { buyerMessage?: string },
  actor: Actor,
  key: { requestKey: string; requestHash?: string; forReturn?: string },
): Promise<{ ok: true; refund: RefundRow } | { ok: false; refusal: RefundRefusal }> {
  const ledger = await ledgerOf(tx, order);
  const given = ledger.chargedCents - leftCents(ledger);
  const result = priceRefund(request, ledger, key.forReturn);
  if (!result.ok) return { ok: false, refusal: result.refusal };
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountCents: result.cents,
      taxCents: refundTaxCents(request, ledger, result.cents),
      reason: request.reason,
      buyerMessage: request.buyerMessage ?? null,
      lines: request.lines ?? [],
      restock: request.restock,
      requestKey: key.requestKey,
      requestHash: key.requestHash ?? null,
      createdBy: actor.email,
    })
    .returning();
  await recordStaffOrderEvent(tx, order, actor, 'refund', {
    before: { refundedCents: given },
    after: { refundedCents: given + result.cents },
    reason: request.reason,
    ...(request.buyerMessage ? { buyerMessage: request.buyerMessage } : {}),
    lines: request.lines ?? [],
    restock: request.restock,
  });
  return { ok: true, refund: refund! };
}

/**
 * Settles a pending refund with the provider's answer: once, whoever settles it first (a settled one
 * is left as it is). It announces itself in this transaction: order.refunded when it went through
 * (the buyer's mail), refund.failed when it did not (a return refunded with it steps back). A refund
 * that went through puts its pairs back in stock when it was asked to, through the stock's writer.
 * The refund as settled here, or undefined when it was settled already (by whoever came first).
 */
export async function settleRefund(
  tx: Tx,
  id: string,
  outcome: RefundOutcome,
): Promise<RefundRow | undefined> {
  const [refund] = await tx
    .update(orderRefunds)
    .set({
      status: outcome.status,
      providerRefundId: outcome.status === 'succeeded' ? outcome.providerRefundId : null,
      settledAt: sql`now()`,
    })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')))
    .returning();
  if (!refund) return undefined;
  const payload = { orderId: refund.orderId, refundId: refund.id };
  if (outcome.status === 'failed') {
    await recordEvents(tx, [{ type: 'refund.failed', payload }]);
    return refund;
  }
  await recordEvents(tx, [{ type: 'order.refunded', payload }]);
  if (!refund.restock || refund.lines.length === 0) return refund;
  const lines = await tx
    .select({ id: orderLines.id, shoeId: orderLines.shoeId, size: orderLines.size })
    .from(orderLines)
    .where(
      inArray(
        orderLines.id,
        refund.lines.map((line) => line.lineId),
      ),
    );
  const back = refund.lines
    .map((asked) => ({ ...lines.find((line) => line.id === asked.lineId)!, quantity: asked.quantity }))
    .filter((line) => line.shoeId !== null);
  // Put back and announced by the stock's one writer (src/server/stock), in this transaction.
  await putBackPairs(
    tx,
    back.map((line) => ({ shoeId: line.shoeId!, size: line.size, quantity: line.quantity })),
  );
  return refund;
}
