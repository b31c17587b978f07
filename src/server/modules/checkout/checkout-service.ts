import crypto from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { User } from '../../../domain/account.js';
import { isUuid } from '../../../domain/catalog.js';
import { CHECKOUT_MESSAGES, type Order } from '../../../domain/payment.js';
import { formatPrice } from '../../../domain/cart.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { checkoutAttempts, orderLines, orders, shoes, stockEntries } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { PaymentError, type Charge, type PaymentProvider } from '../../payments/payment-provider.js';
import type { OrdersRepository } from './orders-repository.js';

export interface CheckoutInput {
  id: string;
  shoes: { _id: string; size: string; quantity: number }[];
  amount: number;
}

export interface CheckoutAnswer {
  status: number;
  body: { message: string; order: Order } | { error: { code: string; message: string } };
}

interface PricedLine {
  shoeId: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
}

/** Lines of the same shoe and size count as one. */
function mergeLines(lines: CheckoutInput['shoes']) {
  const merged = new Map<string, { _id: string; size: string; quantity: number }>();
  for (const line of lines) {
    const key = `${line._id}|${line.size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

function hashRequest(input: CheckoutInput): string {
  const canonical = { id: input.id, amount: input.amount, shoes: mergeLines(input.shoes) };
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Checkout (DESIGN.md §2): the server prices the cart from the database, and
 * in one transaction takes the stock, captures the payment and records the
 * order. If anything fails, nothing is kept and a capture is refunded.
 */
export function createCheckoutService(deps: {
  db: Database;
  payments: PaymentProvider;
  orders: OrdersRepository;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { db, payments, orders: ordersRepository, mailer, publicUrl } = deps;

  async function priceLines(lines: CheckoutInput['shoes']): Promise<PricedLine[]> {
    const merged = mergeLines(lines);
    const ids = [...new Set(merged.map((line) => line._id))];
    if (!ids.every(isUuid)) throw new HttpError(404, 'not_found', CHECKOUT_MESSAGES.unknownShoe);
    const rows = await db
      .select({ id: shoes.id, name: shoes.name, image: shoes.image, priceCents: shoes.priceCents })
      .from(shoes)
      .where(inArray(shoes.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return merged.map((line) => {
      const shoe = byId.get(line._id);
      if (!shoe) throw new HttpError(404, 'not_found', CHECKOUT_MESSAGES.unknownShoe);
      return {
        shoeId: shoe.id,
        name: shoe.name,
        image: shoe.image,
        size: line.size,
        quantity: line.quantity,
        unitPriceCents: shoe.priceCents,
      };
    });
  }

  async function placeOrder(user: User, input: CheckoutInput, idempotencyKey: string | null): Promise<Order> {
    const lines = await priceLines(input.shoes);
    const total = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    if (input.amount !== total) throw conflict(CHECKOUT_MESSAGES.pricesChanged);
    const [used] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentMethodId, input.id));
    if (used) throw conflict(CHECKOUT_MESSAGES.paymentMethodUsed);

    let charge: Charge | undefined;
    try {
      const orderId = await db.transaction(async (tx) => {
        for (const line of lines) {
          // The row lock of this UPDATE is what makes concurrent checkouts of the last pair safe.
          const taken = await tx
            .update(stockEntries)
            .set({ quantity: sql`${stockEntries.quantity} - ${line.quantity}` })
            .where(
              and(
                eq(stockEntries.shoeId, line.shoeId),
                eq(stockEntries.size, line.size),
                gte(stockEntries.quantity, line.quantity),
              ),
            )
            .returning({ id: stockEntries.id });
          if (taken.length === 0) throw conflict(CHECKOUT_MESSAGES.outOfStock(line.name, line.size));
        }
        charge = await payments.charge({
          paymentMethodId: input.id,
          amountCents: total,
          userId: user._id,
          idempotencyKey: idempotencyKey ?? crypto.randomUUID(),
          description: `Sneaker Street order for ${user.email}`,
        });
        const [order] = await tx
          .insert(orders)
          .values({
            userId: user._id,
            email: user.email,
            idPayment: charge.id,
            amountCents: total,
            status: 'Pending',
            idempotencyKey,
            paymentMethodId: input.id,
          })
          .returning({ id: orders.id });
        await tx.insert(orderLines).values(lines.map((line) => ({ orderId: order!.id, ...line })));
        return order!.id;
      });
      const found = await ordersRepository.find(orderId);
      return found!.order;
    } catch (error) {
      if (charge) await payments.refund(charge.id).catch(() => undefined);
      if (error instanceof PaymentError) throw new HttpError(error.status, error.code, error.message);
      if (isUniqueViolation(error)) throw conflict(CHECKOUT_MESSAGES.paymentMethodUsed);
      throw error;
    }
  }

  async function confirmByMail(order: Order): Promise<void> {
    const lines = order.shoe.map(
      (line) => `- ${line.name}, size ${line.size}, x${line.quantity}: ${formatPrice(line.price)}`,
    );
    await mailer.send({
      to: order.email,
      subject: `Your Sneaker Street order ${order.idPayment}`,
      text:
        `Thanks for your order!\n\n${lines.join('\n')}\n\nTotal: ${formatPrice(order.amount / 100)}\n\n` +
        `Follow it at ${publicUrl}/order/${order.idPayment}`,
    });
  }

  async function answer(
    user: User,
    input: CheckoutInput,
    idempotencyKey: string | null,
  ): Promise<CheckoutAnswer> {
    try {
      const order = await placeOrder(user, input, idempotencyKey);
      await confirmByMail(order).catch(() => undefined);
      return { status: 200, body: { message: CHECKOUT_MESSAGES.paid, order } };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        return { status: error.statusCode, body: { error: { code: error.code, message: error.message } } };
      }
      throw error;
    }
  }

  return {
    /**
     * With an Idempotency-Key, the first answer is stored and a retry gets it
     * back (never a second charge); the same key with another body is a 409.
     */
    async checkout(user: User, input: CheckoutInput, idempotencyKey?: string): Promise<CheckoutAnswer> {
      if (!idempotencyKey) return answer(user, input, null);
      const requestHash = hashRequest(input);
      const claimed = await db
        .insert(checkoutAttempts)
        .values({ key: idempotencyKey, userId: user._id, requestHash })
        .onConflictDoNothing()
        .returning({ key: checkoutAttempts.key });
      if (claimed.length === 0) {
        const [earlier] = await db
          .select()
          .from(checkoutAttempts)
          .where(eq(checkoutAttempts.key, idempotencyKey));
        if (!earlier || earlier.userId !== user._id || earlier.requestHash !== requestHash) {
          throw conflict(CHECKOUT_MESSAGES.idempotencyMismatch);
        }
        if (earlier.responseStatus === null) throw conflict(CHECKOUT_MESSAGES.inProgress);
        return { status: earlier.responseStatus, body: earlier.responseBody as CheckoutAnswer['body'] };
      }
      try {
        const result = await answer(user, input, idempotencyKey);
        await db
          .update(checkoutAttempts)
          .set({ responseStatus: result.status, responseBody: result.body })
          .where(eq(checkoutAttempts.key, idempotencyKey));
        return result;
      } catch (error) {
        // An unexpected failure kept nothing: let the same key try again.
        await db.delete(checkoutAttempts).where(eq(checkoutAttempts.key, idempotencyKey));
        throw error;
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
