import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '../../domain/constants.js';
import type { Database } from '../db/client.js';
import { orders } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The one writer of `orders` (issue 30: one owner per table), inside the caller's transaction: the
 * checkout records an order, the staff set its status (modules/fulfilment), and an account's
 * deletion erases who and where exactly (modules/checkout's erasure).
 */
export async function insertOrder(tx: Tx, order: typeof orders.$inferInsert): Promise<string> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  return row!.id;
}

/** Pending or Received (spec §4); the first time it was Received stays (the return window counts from it). */
export async function setOrderStatus(tx: Tx, orderId: string, status: OrderStatus): Promise<void> {
  await tx
    .update(orders)
    .set(
      status === 'Received'
        ? {
            status,
            receivedAt: sql`now()`,
            firstReceivedAt: sql`coalesce(${orders.firstReceivedAt}, now())`,
          }
        : { status, receivedAt: null },
    )
    .where(eq(orders.id, orderId));
}

/**
 * An order's address once its buyer deleted their account: name, street lines and phone erased, the
 * city, state and ZIP kept (sales tax is owed where the order went). Null stays null.
 */
const withoutPerson = (column: AnyPgColumn): SQL =>
  sql`(${column} - 'line2' - 'phone') || '{"name": "", "line1": ""}'::jsonb`;

/**
 * A deleted account's orders stay for the shop's accounts, under the erased address and without who
 * and where exactly. Erasing twice changes nothing more.
 */
export async function eraseBuyerOfOrders(tx: Tx, userId: string, erasedEmail: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      email: erasedEmail,
      deliveryAddress: withoutPerson(orders.deliveryAddress),
      billingAddress: withoutPerson(orders.billingAddress),
    })
    .where(eq(orders.userId, userId));
}
