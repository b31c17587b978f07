import crypto from 'node:crypto';
import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../domain/catalog.js';
import type { PagedSearchQuery } from '../../../domain/admin.js';
import type { ReturnAnswer } from '../../../domain/contracts/returns.js';
import { pairsShareCents, type RefundRefusal } from '../../../domain/refunds.js';
import {
  checkReturn,
  pairsTaken,
  RETURN_REASON_LABELS,
  type ReturnRefusal,
  type ReturnRequest,
} from '../../../domain/returns.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orderEvents, orderLines, orderRefunds, orders, returnRequests } from '../../db/schema.js';
import type { Actor } from '../audit/repository.js';
import { lockOrder, recordStaffOrderEvent, reserveRefund, type LockedOrder, type Tx } from './repository.js';

type RefundRow = typeof orderRefunds.$inferSelect;
type ReturnRow = typeof returnRequests.$inferSelect;

export type AskedReturn =
  | { kind: 'missing' }
  | { kind: 'refused'; refusal: ReturnRefusal }
  | { kind: 'asked'; orderId: string; returnId: string };

export type ApprovedReturn =
  | { kind: 'missing' }
  | { kind: 'decided' }
  | { kind: 'refused'; refusal: RefundRefusal }
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
      paidCents: sql<number>`${orderLines.unitPriceCents} * ${orderLines.quantity} - ${orderLines.discountCents}`,
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
      desc(sql`${returnRequests.status} = 'requested'`),
      desc(returnRequests.createdAt),
      asc(returnRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const lines = await linesOf(db, [...new Set(rows.map((row) => row.asked.orderId))]);
  return rows.map(({ asked, email, idPayment }) => {
    const named = asked.lines.map((pairs) => ({
      ...pairs,
      line: lines.find((candidate) => candidate.id === pairs.lineId)!,
    }));
    const cents = named.reduce(
      (sum, { quantity, line }) =>
        sum + pairsShareCents({ paidCents: Number(line.paidCents), quantity: line.quantity }, quantity),
      0,
    );
    return {
      _id: asked.id,
      idPayment,
      email,
      status: asked.status,
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
      message: asked.message,
    };
  });
}

/**
 * Returns asked for by shoppers (issue 19). Every write takes the order's row lock first, as refunds
 * and status changes do, so a return, a refund and a decision on the same order never interleave; the
 * order's trail gets its entry in the same transaction.
 */
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

  async function decided(
    tx: Tx,
    order: LockedOrder,
    asked: ReturnRow,
    change: Partial<typeof returnRequests.$inferInsert>,
    actor: Actor,
  ) {
    await tx
      .update(returnRequests)
      .set({ ...change, decidedBy: actor.email, decidedAt: sql`now()` })
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
        const [lines, refunds, returns] = await Promise.all([
          linesOf(tx, [order.id]),
          tx
            .select({ status: orderRefunds.status, lines: orderRefunds.lines })
            .from(orderRefunds)
            .where(eq(orderRefunds.orderId, order.id)),
          tx
            .select({ status: returnRequests.status, lines: returnRequests.lines })
            .from(returnRequests)
            .where(eq(returnRequests.orderId, order.id)),
        ]);
        const refusal = checkReturn(
          request,
          {
            receivedAt: order.status === 'Received' ? order.receivedAt : null,
            lines: lines.map((line) => ({ lineId: line.id, quantity: line.quantity })),
            taken: pairsTaken({ refunds, returns }),
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
        await tx.insert(orderEvents).values({
          orderId: order.id,
          actorEmail,
          kind: 'return',
          details: { before: null, after: 'requested', reason: request.reason, lines: request.lines },
        });
        return { kind: 'asked', orderId: order.id, returnId: asked!.id };
      });
    },

    /**
     * Approves a return: its pairs refunded (their share of what was paid), written 'pending' in the
     * same transaction that marks the return approved. Approving it again finds that refund, so a
     * retry confirms it with the provider instead of refunding twice.
     */
    async approve(id: string, restock: boolean, actor: Actor): Promise<ApprovedReturn> {
      return db.transaction(async (tx): Promise<ApprovedReturn> => {
        const locked = await lockReturn(tx, id);
        if (!locked) return { kind: 'missing' };
        const { order, asked } = locked;
        if (asked.status === 'rejected') return { kind: 'decided' };
        if (asked.status === 'approved') {
          const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, asked.refundId!));
          return { kind: 'refund', refund: refund!, chargeId: order.idPayment };
        }
        const reserved = await reserveRefund(
          tx,
          order,
          { lines: asked.lines, reason: `Return: ${RETURN_REASON_LABELS[asked.reason]}`, restock },
          actor,
          `return:${asked.id}:${crypto.randomUUID()}`,
        );
        if (!reserved.ok) return { kind: 'refused', refusal: reserved.refusal };
        await decided(tx, order, asked, { status: 'approved', refundId: reserved.refund.id }, actor);
        return { kind: 'refund', refund: reserved.refund, chargeId: order.idPayment };
      });
    },

    async reject(id: string, message: string, actor: Actor): Promise<RejectedReturn> {
      return db.transaction(async (tx): Promise<RejectedReturn> => {
        const locked = await lockReturn(tx, id);
        if (!locked) return { kind: 'missing' };
        if (locked.asked.status !== 'requested') return { kind: 'decided' };
        await decided(tx, locked.order, locked.asked, { status: 'rejected', message }, actor);
        return { kind: 'rejected', orderId: locked.order.id };
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
