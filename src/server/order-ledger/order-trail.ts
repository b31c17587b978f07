import { eq, or } from 'drizzle-orm';
import type { AuditAction } from '../../domain/audit.js';
import { isUuid } from '../../domain/catalog.js';
import { recordAudit, type Actor } from '../audit/audit-writer.js';
import type { Database } from '../db/client.js';
import { orderEvents, orders } from '../db/schema.js';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** An entry of an order's audit trail. */
export interface OrderEvent {
  at: string;
  actor: string;
  kind: 'status' | 'shipment' | 'refund' | 'return';
  details: Record<string, unknown>;
}

/** The audit log's kind for each staff change on an order's trail. */
const AUDITED: Record<OrderEvent['kind'], AuditAction> = {
  status: 'order.status',
  shipment: 'order.shipment',
  refund: 'order.refund',
  return: 'order.return',
};

/**
 * The order's row, locked for this transaction: by its id or its idPayment. Every change after the
 * payment (status, shipment, refund, return) takes it first, so they never interleave on one order.
 */
export async function lockOrder(tx: Tx, idOrPayment: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      idPayment: orders.idPayment,
      amountCents: orders.amountCents,
      userId: orders.userId,
      receivedAt: orders.receivedAt,
      firstReceivedAt: orders.firstReceivedAt,
    })
    .from(orders)
    .where(
      isUuid(idOrPayment)
        ? or(eq(orders.id, idOrPayment), eq(orders.idPayment, idOrPayment))
        : eq(orders.idPayment, idOrPayment),
    )
    .for('update');
  return row;
}

/**
 * The one writer of `order_events` (issue 30: one owner per table), in the caller's transaction: an
 * entry on the order's trail, by whoever made the change (a shopper's return, the payment service
 * stepping a return back).
 */
export async function recordOrderEvent(
  tx: Tx,
  entry: { orderId: string; actorEmail: string; kind: OrderEvent['kind']; details: Record<string, unknown> },
): Promise<void> {
  await tx.insert(orderEvents).values(entry);
}

/**
 * An entry on an order's trail, for a change a staff member made: it goes to the staff audit log
 * too, in the same transaction.
 */
export async function recordStaffOrderEvent(
  tx: Tx,
  order: Pick<LockedOrder, 'id' | 'idPayment'>,
  actor: Actor,
  kind: OrderEvent['kind'],
  details: { before: unknown; after: unknown } & Record<string, unknown>,
): Promise<void> {
  await recordOrderEvent(tx, { orderId: order.id, actorEmail: actor.email, kind, details });
  const { before, after, ...rest } = details;
  await recordAudit(tx, {
    actor,
    record: {
      action: AUDITED[kind],
      target: { type: 'order', id: order.id, label: order.idPayment },
      before,
      after: Object.keys(rest).length > 0 ? { value: after, ...rest } : after,
    },
  });
}
