// The checkout's writes of an order, in its one transaction (claim, order; the code's use and the
// stock are written by their owners inside it). Orders are read through modules/orders.
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Order, OrderBillingAddress, OrderDeliveryAddress } from '../../../domain/payment.js';
import type { Database } from '../../db/client.js';
import { brands, checkoutHolds, orderLines, orders, shoes, stockEntries } from '../../db/schema.js';
import { lockClaim } from './attempts-repository.js';
import type { AppliedDiscount, PricedLine, ShoePrice } from './pricing.js';
import type { StockChange } from '../../cache/cache-tags.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { releasePairs, takePairs } from '../../stock/stock-writer.js';
import type { MethodOffer, PricedOrder } from './delivery-pricing.js';
import { insertOrder } from '../../order-ledger/order-writer.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An order as the checkout records it: its lines are priced, its payment captured. */
export interface NewOrder {
  userId: string;
  email: string;
  /** The captured payment: the order's `idPayment`. */
  paymentId: string;
  /** The card's last four digits, when the provider said. */
  cardLast4: string | null;
  amountCents: number;
  /** The checkout attempt's key: one order per key. */
  idempotencyKey: string;
  paymentMethodId: string;
  lines: PricedLine[];
  discount: AppliedDiscount | undefined;
  /** Copied into the order (issue 31): a later account change never changes it. */
  deliveryAddress: OrderDeliveryAddress | null;
  /** Null when it is the delivery address. */
  billingAddress: OrderBillingAddress | null;
  /** How it ships, as priced (issue 31); undefined when the shop offers no method. */
  shipping: MethodOffer | undefined;
  /** The sales tax charged; undefined where none is. The lines carry their shares. */
  tax: PricedOrder['tax'];
}

/** What the checkout does inside its one transaction: commit all of it, or none. */
export interface OrderTransaction {
  /** Locks the checkout attempt while `token` still claims it; false when the claim is gone. */
  holdClaim(key: string, token: string): Promise<boolean>;
  /**
   * Counts one use of the order's code, if it still has one to give (and this shopper has not used
   * it when it is once per customer): 'used_up' or 'used_by_you' otherwise, and nothing is kept.
   */
  useCode(
    discount: AppliedDiscount,
    userId: string,
    today: string,
  ): Promise<'ok' | 'used_up' | 'used_by_you' | 'inactive'>;
  /**
   * Takes the stock of every line: what changed in the catalogue (announced with the order, as an
   * event of this transaction), or the first line out of stock (then nothing is to be kept).
   */
  takeStock(lines: PricedLine[]): Promise<{ short: PricedLine } | { taken: StockChange }>;
  /** Inserts the order and its lines; returns its id. */
  insert(order: NewOrder): Promise<string>;
  /**
   * Whether this shopper holds a use of this once-per-customer code in a checkout not yet settled (or
   * confirmed into an order). Read after useCode, under the code's row lock: two checkouts of one
   * shopper never both pass it.
   */
  codeHeldBy(codeId: string, userId: string): Promise<boolean>;
  /** Records the hold of what this transaction took, for its attempt (docs/decisions/031). */
  hold(hold: NewHold): Promise<void>;
  /**
   * Settles the attempt's hold for this payment as `status`, if it is still held (locked until
   * commit): the hold, or undefined when there is none (settled already, by this try or another).
   */
  settleHold(
    attemptKey: string,
    paymentId: string,
    status: 'confirmed' | 'released',
  ): Promise<Hold | undefined>;
  /** Gives a released hold's pairs and code use back, announced with them. */
  giveBack(hold: Hold): Promise<void>;
}

/** The order a hold is for, as recorded once it is paid: all of NewOrder but the payment's answer. */
export type HeldOrder = Omit<NewOrder, 'paymentId' | 'cardLast4'>;

/** What a checkout takes before it charges (docs/decisions/031). */
export interface NewHold {
  attemptKey: string;
  paymentId: string;
  order: HeldOrder;
  expiresAt: Date;
}

/** A hold as stored. `order` is null once it is settled. */
export interface Hold {
  id: string;
  attemptKey: string;
  paymentId: string;
  userId: string;
  lines: { shoeId: string; size: string; quantity: number }[];
  codeId: string | null;
  order: HeldOrder | null;
  status: 'held' | 'confirmed' | 'released';
  expiresAt: Date;
}

const toHold = (row: typeof checkoutHolds.$inferSelect): Hold => ({
  id: row.id,
  attemptKey: row.attemptKey,
  paymentId: row.paymentId,
  userId: row.userId,
  lines: row.lines,
  codeId: row.codeId,
  order: row.order as HeldOrder | null,
  status: row.status,
  expiresAt: row.expiresAt,
});

/**
 * A discount code's use, written by the codes' owner (modules/discounts) inside the checkout's
 * transaction: given at composition (plugins/services.ts).
 */
export interface CodeUse {
  /** One more use of the code, if it still has one to give: its row is the order's first lock. */
  use(
    tx: Tx,
    discount: AppliedDiscount,
    userId: string,
    today: string,
  ): Promise<'ok' | 'used_up' | 'used_by_you' | 'inactive'>;
  /** A use counted for a checkout that was not paid, given back (a released hold). */
  giveBack(tx: Tx, codeId: string): Promise<void>;
  /** The use's record, with the order it went to. */
  redeem(
    tx: Tx,
    redemption: {
      codeId: string;
      orderId: string;
      userId: string;
      oncePerCustomer: boolean;
      discountCents: number;
    },
  ): Promise<void>;
}

function orderTransaction(tx: Tx, codes: CodeUse): OrderTransaction {
  return {
    holdClaim: (key, token) => lockClaim(tx, key, token),

    // Counted by the discount codes' owner (modules/discounts), in this transaction.
    useCode: (discount, userId, today) => codes.use(tx, discount, userId, today),

    // Taken and announced by the stock's one writer (src/server/stock), in this transaction.
    takeStock: (lines) => takePairs(tx, lines),

    async insert(order) {
      // Recorded by the orders' one writer (src/server/order-ledger), in this transaction.
      const orderId = await insertOrder(tx, {
        userId: order.userId,
        email: order.email,
        idPayment: order.paymentId,
        cardLast4: order.cardLast4,
        amountCents: order.amountCents,
        status: 'Pending',
        idempotencyKey: order.idempotencyKey,
        paymentMethodId: order.paymentMethodId,
        discountCode: order.discount?.code ?? null,
        discountCents: order.discount?.totalCents ?? 0,
        deliveryAddress: order.deliveryAddress,
        billingAddress: order.billingAddress,
        shippingMethod: order.shipping?.name ?? null,
        shippingCents: order.shipping?.cents ?? 0,
        deliveryFrom: order.shipping?.estimate.from ?? null,
        deliveryTo: order.shipping?.estimate.to ?? null,
        taxCents: order.tax?.cents ?? 0,
        shippingTaxCents: order.tax?.shippingCents ?? 0,
        taxRateMilliPercent: order.tax?.rateMilliPercent ?? null,
      });
      const row = { id: orderId };
      // Each line keeps its size's SKU as it is now (issue 33 item 2): a later change of the size's SKU
      // never rewrites a past order, its packing slip or its invoice. The size's row is locked already
      // (takeStock), so this reads the SKU the pairs were taken from.
      await tx.insert(orderLines).values(
        order.lines.map((line) => ({
          orderId: row.id,
          ...line,
          sku: sql<
            string | null
          >`(select ${stockEntries.sku} from ${stockEntries} where ${stockEntries.shoeId} = ${line.shoeId} and ${stockEntries.size} = ${line.size})`,
        })),
      );
      if (order.discount) {
        await codes.redeem(tx, {
          codeId: order.discount.codeId,
          orderId: row.id,
          userId: order.userId,
          oncePerCustomer: order.discount.oncePerCustomer,
          discountCents: order.discount.totalCents,
        });
      }
      // Its confirmation mail goes once this commits, whoever recorded it (modules/orders/order-mails.ts).
      await recordEvents(tx, [{ type: 'order.paid', payload: { orderId: row.id } }]);
      return row.id;
    },

    async codeHeldBy(codeId, userId) {
      const [held] = await tx
        .select({ id: checkoutHolds.id })
        .from(checkoutHolds)
        .where(
          and(
            eq(checkoutHolds.codeId, codeId),
            eq(checkoutHolds.userId, userId),
            eq(checkoutHolds.oncePerCustomer, true),
            // Held, or confirmed: one statement sees the hold either way, even when its order (and its
            // redemption, which takes no lock on the code) commits between useCode's read and this one.
            ne(checkoutHolds.status, 'released'),
          ),
        )
        .limit(1);
      return Boolean(held);
    },

    async hold({ attemptKey, paymentId, order, expiresAt }) {
      await tx.insert(checkoutHolds).values({
        attemptKey,
        paymentId,
        userId: order.userId,
        paymentMethodId: order.paymentMethodId,
        lines: order.lines.map(({ shoeId, size, quantity }) => ({ shoeId, size, quantity })),
        codeId: order.discount?.codeId ?? null,
        oncePerCustomer: order.discount?.oncePerCustomer ?? false,
        order,
        expiresAt,
      });
    },

    async settleHold(attemptKey, paymentId, status) {
      // The order it was for is kept until now (a reconciler may record it), then dropped: the order,
      // or nothing, holds the shopper's details from here on.
      const [settled] = await tx
        .update(checkoutHolds)
        .set({ status, settledAt: new Date(), order: null })
        .where(
          and(
            eq(checkoutHolds.attemptKey, attemptKey),
            eq(checkoutHolds.paymentId, paymentId),
            eq(checkoutHolds.status, 'held'),
          ),
        )
        .returning();
      if (!settled) return undefined;
      return toHold(settled);
    },

    async giveBack(hold) {
      // The code's row before the stock's, as useCode and takeStock take them.
      if (hold.codeId) await codes.giveBack(tx, hold.codeId);
      await releasePairs(tx, hold.lines);
    },
  };
}

export function createOrdersRepository(db: Database, codes: CodeUse) {
  return {
    /** A payment method pays for one order only. */
    async paymentMethodUsed(paymentMethodId: string): Promise<boolean> {
      const [used] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentMethodId, paymentMethodId));
      return Boolean(used);
    },

    /** The catalogue's current price of these shoes (those that exist). */
    async shoePrices(ids: string[]): Promise<ShoePrice[]> {
      return db
        .select({
          id: shoes.id,
          name: shoes.name,
          image: shoes.image,
          priceCents: shoes.priceCents,
          brand: brands.name,
          onSale: shoes.onSale,
        })
        .from(shoes)
        .innerJoin(brands, eq(brands.id, shoes.brandId))
        .where(inArray(shoes.id, ids));
    },

    /**
     * A checkout found stock gone that a cached answer may still show: the answers showing that
     * shoe are dropped (an event of its own, as the checkout's transaction rolled back).
     */
    async staleStockSeen(shoeId: string): Promise<void> {
      await db.transaction((tx) =>
        recordEvents(tx, [
          {
            type: 'stock.changed',
            payload: { shoeIds: [shoeId], sizesInStockChanged: true, unitsSoldChanged: false },
          },
        ]),
      );
    },

    /** The attempt's hold still held, with the order it is for; undefined when none is. */
    async liveHold(attemptKey: string): Promise<Hold | undefined> {
      const [row] = await db
        .select()
        .from(checkoutHolds)
        .where(and(eq(checkoutHolds.attemptKey, attemptKey), eq(checkoutHolds.status, 'held')));
      return row ? toHold(row) : undefined;
    },

    /** Keys of the attempts whose hold is still held past its expiry (a bounded batch). */
    async expiredHolds(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ key: checkoutHolds.attemptKey })
        .from(checkoutHolds)
        .where(and(eq(checkoutHolds.status, 'held'), lt(checkoutHolds.expiresAt, now)))
        .limit(limit);
      return rows.map((row) => row.key);
    },

    /**
     * Runs `work` in one database transaction: stock, order and claim commit together or not at all.
     * `step` names it (the wiring's trace span: `checkout.reserve`, `checkout.confirm`...).
     */
    transaction<T>(work: (tx: OrderTransaction) => Promise<T>, _step?: CheckoutStep): Promise<T> {
      return db.transaction((tx) => work(orderTransaction(tx, codes)));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** A checkout's short transactions (docs/decisions/031), as traces name them. */
export type CheckoutStep = 'reserve' | 'confirm' | 'release' | 'record' | 'settle';

/** The orders' read model (modules/orders) as the checkout reads it, given at composition. */
export interface OrderReads {
  find(idOrPayment: string): Promise<{ order: Order; userId: string } | undefined>;
  findByKey(idempotencyKey: string): Promise<Order | undefined>;
}

/** What the checkout does with orders: its transaction's writes, and reading what it wrote. */
export type CheckoutOrders = OrdersRepository & OrderReads;
