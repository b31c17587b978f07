// One file because a return's lifecycle (asked, approved, received, rejected, stepped back after a
// refused refund) shares its locks and its trail entries (lockReturn, decided), and the staff's table
// prices each return against the same ledger. Returns asked for by shoppers (issue 19): every write
// takes the order's row lock first, as refunds and status changes do, so a return, a refund and a
// decision on the same order never interleave; the order's trail gets its entry in the same transaction.
import crypto from 'node:crypto';
import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../domain/catalog.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import type { ReturnAnswer } from '../../../domain/contracts/returns.js';
import { isWaitingReturn, priceRefund, type RefundRefusal } from '../../../domain/refunds.js';
import {
  checkReturn,
  RETURN_REASON_LABELS,
  type ReturnRefusal,
  type ReturnRequest,
} from '../../../domain/returns.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { orderLines, orderRefunds, orders, returnRequests } from '../../db/schema.js';
import type { Actor } from '../../audit/audit-writer.js';
import {
  lockOrder,
  recordOrderEvent,
  recordStaffOrderEvent,
  type LockedOrder,
  type Tx,
} from '../../order-ledger/order-trail.js';
import { ledgerOf, reserveRefund, type RefundRow } from '../../order-ledger/refund-writer.js';
type ReturnRow = typeof returnRequests.$inferSelect;

export type AskedReturn =
  | { kind: 'missing' }
  | { kind: 'refused'; refusal: ReturnRefusal }
  | { kind: 'asked'; orderId: string; returnId: string };

export type ApprovedReturn =
  | { kind: 'missing' }
  | { kind: 'decided' }
  | { kind: 'refused'; refusal: RefundRefusal }
  /** Approved to be sent back; `now` when this request approved it (an approval again mails nobody). */
  | { kind: 'approved'; orderId: string; now: boolean }
  | { kind: 'refund'; refund: RefundRow; chargeId: string };

export type RejectedReturn =
  { kind: 'missing' } | { kind: 'decided' } | { kind: 'rejected'; orderId: string };

/** An order's lines as a return names them. */
async function linesOf(tx: Tx | Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      name: orderLines.name,
      size: orderLines.size,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
}

/** Return requests as the staff see them, with their pairs named and what they are worth. */
async function answersOf(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<ReturnAnswer[]> {
  const rows = await db
    .select({ asked: returnRequests, email: orders.email, idPayment: orders.idPayment })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(where)
    .orderBy(
      // Waiting first: asked, or approved and on their way back.
      desc(
        sql`${returnRequests.status} = 'requested' or (${returnRequests.status} = 'approved' and ${returnRequests.refundId} is null)`,
      ),
      desc(returnRequests.createdAt),
      asc(returnRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const orderIds = [...new Set(rows.map((row) => row.asked.orderId))];
  const [lines, ledgers, refunds] = await Promise.all([
    linesOf(db, orderIds),
    Promise.all(
      orderIds.map(async (id) => {
        const [order] = await db
          .select({ id: orders.id, amountCents: orders.amountCents })
          .from(orders)
          .where(eq(orders.id, id));
        return [id, await ledgerOf(db, order!)] as const;
      }),
    ).then((pairs) => new Map(pairs)),
    db
      .select({ id: orderRefunds.id, amountCents: orderRefunds.amountCents })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, orderIds.length > 0 ? orderIds : [crypto.randomUUID()])),
  ]);
  return rows.map(({ asked, email, idPayment }) => {
    const named = asked.lines.map((pairs) => ({
      ...pairs,
      line: lines.find((candidate) => candidate.id === pairs.lineId)!,
    }));
    // What its refund gave, or what refunding it would give now.
    const refunded = refunds.find((refund) => refund.id === asked.refundId);
    const priced = priceRefund({ lines: asked.lines }, ledgers.get(asked.orderId)!, asked.id);
    const cents = refunded ? refunded.amountCents : priced.ok ? priced.cents : 0;
    return {
      _id: asked.id,
      idPayment,
      email,
      status: asked.status,
      waiting: isWaitingReturn(asked),
      reason: asked.reason,
      note: asked.note,
      lines: named.map(({ lineId, quantity, line }) => ({
        lineId,
        quantity,
        name: line.name,
        size: line.size,
      })),
      value: cents / 100,
      date: asked.createdAt.toISOString(),
      decidedAt: asked.decidedAt?.toISOString() ?? null,
      decidedBy: asked.decidedBy,
      receivedAt: asked.receivedAt?.toISOString() ?? null,
      message: asked.message,
    };
  });
}

/** The refund of a return's own pairs, written 'pending' under the order's lock. */
function refundReturn(tx: Tx, order: LockedOrder, asked: ReturnRow, restock: boolean, actor: Actor) {
  return reserveRefund(
    tx,
    order,
    { lines: asked.lines, reason: `Return: ${RETURN_REASON_LABELS[asked.reason]}`, restock },
    actor,
    { requestKey: `return:${asked.id}:${crypto.randomUUID()}`, forReturn: asked.id },
  );
}

/** A return's refund made already: asking again confirms it instead of making another. */
async function refundOf(tx: Tx, refundId: string, order: LockedOrder): Promise<ApprovedReturn> {
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  return { kind: 'refund', refund: refund!, chargeId: order.idPayment };
}

export function createReturnsRepository(db: Database) {
  const answers = (where: SQL | undefined, page?: { limit: number; offset: number }) =>
    answersOf(db, where, page);

  /** A locked return and its locked order, by the return's id. */
  async function lockReturn(tx: Tx, id: string) {
    if (!isUuid(id)) return undefined;
    const [found] = await tx
      .select({ orderId: returnRequests.orderId })
      .from(returnRequests)
      .where(eq(returnRequests.id, id));
    if (!found) return undefined;
    const order = await lockOrder(tx, found.orderId);
    const [asked] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id));
    return order && asked ? { order, asked } : undefined;
  }

  /** A return moves on: who decided it is the first one who answered it (approved, rejected or received). */
  async function decided(
    tx: Tx,
    order: LockedOrder,
    asked: ReturnRow,
    change: Partial<typeof returnRequests.$inferInsert>,
    actor: Actor,
  ) {
    const firstAnswer = asked.status === 'requested';
    await tx
      .update(returnRequests)
      .set({ ...change, ...(firstAnswer ? { decidedBy: actor.email, decidedAt: sql`now()` } : {}) })
      .where(eq(returnRequests.id, asked.id));
    await recordStaffOrderEvent(tx, order, actor, 'return', {
      before: asked.status,
      after: change.status,
      reason: asked.reason,
      lines: asked.lines,
      ...(change.message ? { message: change.message } : {}),
    });
  }

  return {
    /** A shopper asks to send pairs back: only their own order, received less than 30 days ago. */
    async ask(
      idOrPayment: string,
      userId: string,
      request: ReturnRequest,
      actorEmail: string,
      now: Date,
    ): Promise<AskedReturn> {
      return db.transaction(async (tx): Promise<AskedReturn> => {
        const order = await lockOrder(tx, idOrPayment);
        if (!order || order.userId !== userId) return { kind: 'missing' };
        const refusal = checkReturn(
          request,
          {
            firstReceivedAt: order.status === 'Received' ? order.firstReceivedAt : null,
            ledger: await ledgerOf(tx, order),
          },
          now,
        );
        if (refusal) return { kind: 'refused', refusal };
        const [asked] = await tx
          .insert(returnRequests)
          .values({
            orderId: order.id,
            lines: request.lines,
            reason: request.reason,
            note: request.note || null,
          })
          .returning({ id: returnRequests.id });
        await recordOrderEvent(tx, {
          orderId: order.id,
          actorEmail,
          kind: 'return',
          details: { before: null, after: 'requested', reason: request.reason, lines: request.lines },
        });
        const payload = { orderId: order.id, returnId: asked!.id };
        await recordEvents(tx, [{ type: 'return.requested', payload }]);
        return { kind: 'asked', orderId: order.id, returnId: asked!.id };
      });
    },

    /**
     * Approves a return. Without `refundNow` the shopper sends the pairs back and they stay held for
     * this return; with it, they are refunded at once: the refund written 'pending' in the same
     * transaction. Approving again finds that refund, so a retry confirms it with the provider
     * instead of refunding twice.
     */
    async approve(
      id: string,
      choice: { refundNow: boolean; restock: boolean },
      actor: Actor,
    ): Promise<ApprovedReturn> {
      return db.transaction(async (tx): Promise<ApprovedReturn> => {
        const locked = await lockReturn(tx, id);
        if (!locked) return { kind: 'missing' };
        const { order, asked } = locked;
        if (asked.status === 'rejected' || asked.status === 'received') return { kind: 'decided' };
        if (asked.refundId) return refundOf(tx, asked.refundId, order);
        if (!choice.refundNow) {
          if (asked.status === 'approved') return { kind: 'approved', orderId: order.id, now: false };
          await decided(tx, order, asked, { status: 'approved' }, actor);
          await recordEvents(tx, [{ type: 'return.approved', payload: { orderId: order.id, returnId: id } }]);
          return { kind: 'approved', orderId: order.id, now: true };
        }
        const reserved = await refundReturn(tx, order, asked, choice.restock, actor);
        if (!reserved.ok) return { kind: 'refused', refusal: reserved.refusal };
        await decided(tx, order, asked, { status: 'approved', refundId: reserved.refund.id }, actor);
        return { kind: 'refund', refund: reserved.refund, chargeId: order.idPayment };
      });
    },

    /**
     * The pairs of a return are back: refunded (their share of what was paid) and back in stock if
     * asked. A return not approved yet is approved by this too. Again, it confirms the same refund.
     */
    async receive(id: string, restock: boolean, actor: Actor): Promise<ApprovedReturn> {
      return db.transaction(async (tx): Promise<ApprovedReturn> => {
        const locked = await lockReturn(tx, id);
        if (!locked) return { kind: 'missing' };
        const { order, asked } = locked;
        if (asked.status === 'received') return refundOf(tx, asked.refundId!, order);
        if (asked.status === 'rejected' || asked.refundId) return { kind: 'decided' };
        const reserved = await refundReturn(tx, order, asked, restock, actor);
        if (!reserved.ok) return { kind: 'refused', refusal: reserved.refusal };
        await decided(
          tx,
          order,
          asked,
          {
            status: 'received',
            refundId: reserved.refund.id,
            receivedBy: actor.email,
            receivedAt: new Date(),
          },
          actor,
        );
        return { kind: 'refund', refund: reserved.refund, chargeId: order.idPayment };
      });
    },

    /** Rejects a waiting return (asked, or approved and never sent back), with the staff's words. */
    async reject(id: string, message: string, actor: Actor): Promise<RejectedReturn> {
      return db.transaction(async (tx): Promise<RejectedReturn> => {
        const locked = await lockReturn(tx, id);
        if (!locked) return { kind: 'missing' };
        if (!isWaitingReturn(locked.asked)) return { kind: 'decided' };
        await decided(tx, locked.order, locked.asked, { status: 'rejected', message }, actor);
        const payload = { orderId: locked.order.id, returnId: id };
        await recordEvents(tx, [{ type: 'return.rejected', payload }]);
        return { kind: 'rejected', orderId: locked.order.id };
      });
    },

    /**
     * A refund the provider refused (refund.failed, handed over once it committed): the return it
     * refunded goes one step back, to be decided again: received to approved, approved to requested.
     * Only while the return still names that refund, so the same event handed over twice does nothing.
     */
    async stepBack(orderId: string, refundId: string): Promise<void> {
      await db.transaction(async (tx) => {
        // The order's lock first, as every return write takes it.
        if (!(await lockOrder(tx, orderId))) return;
        const [asked] = await tx
          .select({ id: returnRequests.id, status: returnRequests.status })
          .from(returnRequests)
          .where(eq(returnRequests.refundId, refundId));
        if (!asked) return;
        const back = asked.status === 'received' ? 'approved' : 'requested';
        await tx
          .update(returnRequests)
          .set(
            back === 'approved'
              ? { status: back, refundId: null, receivedBy: null, receivedAt: null }
              : { status: back, refundId: null, decidedBy: null, decidedAt: null },
          )
          .where(eq(returnRequests.id, asked.id));
        await recordOrderEvent(tx, {
          orderId,
          actorEmail: 'payment service',
          kind: 'return',
          details: { before: asked.status, after: back, refundFailed: true },
        });
      });
    },

    /** Return requests for the staff: waiting ones first, then the newest; searched by email or order id. */
    async list(query: PagedSearchQuery): Promise<{ items: ReturnAnswer[]; total: number }> {
      const where = query.q
        ? or(ilike(orders.email, containsPattern(query.q)), ilike(orders.idPayment, containsPattern(query.q)))
        : undefined;
      const [items, [counted]] = await Promise.all([
        answers(where, query),
        db
          .select({ n: count() })
          .from(returnRequests)
          .innerJoin(orders, eq(orders.id, returnRequests.orderId))
          .where(where),
      ]);
      return { items, total: counted?.n ?? 0 };
    },

    /** One return request as the staff's table shows it. */
    async find(id: string): Promise<ReturnAnswer | undefined> {
      if (!isUuid(id)) return undefined;
      const [answer] = await answers(eq(returnRequests.id, id));
      return answer;
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
