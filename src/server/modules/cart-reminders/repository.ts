import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../domain/catalog.js';
import type { ReminderSettings } from '../../../domain/contracts/cart-reminders.js';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import type { Database } from '../../db/client.js';
import {
  cartLines,
  cartReminderOptOuts,
  cartReminderSettings,
  cartReminders,
  carts,
  discountCodes,
  orders,
  shoes,
  users,
} from '../../db/schema.js';

export type ReminderRow = typeof cartReminders.$inferSelect;
export type ReminderLine = ReminderRow['lines'][number];

/** A cart due for a reminder: whose, which cart, and its lines as they are. */
export interface DueCart {
  userId: string;
  cartId: string;
  lines: ReminderLine[];
}

/** A line as the mail shows it: the catalogue's picture, name and price now (null: left the catalogue). */
export interface MailLine extends ReminderLine {
  priceCents: number | null;
}

/** A claimed reminder to send, with what decides whether it still may be. */
export interface PendingReminder {
  reminder: ReminderRow;
  email: string;
  name: string;
  status: string;
  optedOut: boolean;
  /** The account's cart now: its id, when it was last touched, and how many lines it holds. */
  cart: { cartId: string; updatedAt: Date; lines: number } | null;
}

/** How far back a due cart is looked for: a cart left longer is not reminded (and the index scan stays short). */
export const LOOK_BACK_MS = 7 * 86_400_000;

const DEFAULT_SETTINGS: ReminderSettings = {
  secondEnabled: false,
  kind: 'percent',
  value: 10,
  expiryDays: 7,
};

/** The cart reminders (issue 35 item 2, docs/decisions/029): the only writer of cart_reminders and its two tables. */
export function createCartReminderRepository(db: Database) {
  /** Every line of these accounts' carts, in the shopper's order. */
  async function linesOf(userIds: readonly string[]): Promise<Map<string, ReminderLine[]>> {
    const found = new Map<string, ReminderLine[]>();
    if (userIds.length === 0) return found;
    const rows = await db
      .select({
        userId: cartLines.userId,
        shoeId: cartLines.shoeId,
        size: cartLines.size,
        quantity: cartLines.quantity,
        name: cartLines.name,
        image: cartLines.image,
      })
      .from(cartLines)
      .where(inArray(cartLines.userId, [...userIds]))
      .orderBy(asc(cartLines.userId), asc(cartLines.position));
    for (const { userId, ...line } of rows) found.set(userId, [...(found.get(userId) ?? []), line]);
    return found;
  }

  return {
    /**
     * Carts untouched since `before` (and not longer than LOOK_BACK_MS before it), with lines, of an
     * enabled account that did not opt out, that have no reminder `number` yet and were not brought back
     * by a reminder's link; the second only for a
     * cart whose first was sent before `firstSentBefore`. By carts_updated_at: a range of it, oldest first.
     */
    async due(number: 1 | 2, before: Date, limit: number, firstSentBefore?: Date): Promise<DueCart[]> {
      const after = new Date(before.getTime() - LOOK_BACK_MS);
      const rows = await db
        .select({ userId: carts.userId, cartId: carts.cartId })
        .from(carts)
        .innerJoin(users, eq(users.id, carts.userId))
        .where(
          and(
            sql`${carts.updatedAt} <= ${before.toISOString()}::timestamptz`,
            sql`${carts.updatedAt} > ${after.toISOString()}::timestamptz`,
            eq(users.status, 'Enabled'),
            sql`exists (select 1 from ${cartLines} where ${cartLines.userId} = ${carts.userId})`,
            sql`not exists (select 1 from ${cartReminderOptOuts} where ${cartReminderOptOuts.userId} = ${carts.userId})`,
            sql`not exists (select 1 from ${cartReminders} r where r.cart_id = ${carts.cartId} and r.number = ${number})`,
            // A cart the shopper brought back through a reminder's link is not reminded of again.
            sql`not exists (select 1 from ${cartReminders} r where r.restored_cart_id = ${carts.cartId})`,
            number === 2
              ? sql`exists (select 1 from ${cartReminders} r where r.cart_id = ${carts.cartId} and r.number = 1 and r.state = 'sent' and r.sent_at <= ${(firstSentBefore ?? before).toISOString()}::timestamptz)`
              : undefined,
          ),
        )
        .orderBy(asc(carts.updatedAt))
        .limit(limit);
      const lines = await linesOf(rows.map((row) => row.userId));
      return rows.map((row) => ({ ...row, lines: lines.get(row.userId) ?? [] }));
    },

    /**
     * The claim: reminder `number` of this cart, once whichever instance asks first (the unique
     * index on cart and number). True when this call made it.
     */
    async claim(cart: DueCart, number: 1 | 2, discountCode: string | null): Promise<boolean> {
      const made = await db
        .insert(cartReminders)
        .values({ userId: cart.userId, cartId: cart.cartId, number, lines: cart.lines, discountCode })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      return made.length === 1;
    },

    /** Claimed reminders not yet sent nor skipped (a restart's, or this scan's), oldest first. */
    async pending(limit: number): Promise<PendingReminder[]> {
      const rows = await db
        .select({
          reminder: cartReminders,
          email: users.email,
          name: users.name,
          status: users.status,
          optedOut: sql<boolean>`exists (select 1 from ${cartReminderOptOuts} where ${cartReminderOptOuts.userId} = ${cartReminders.userId})`,
          cartId: carts.cartId,
          updatedAt: carts.updatedAt,
          lines: sql<number>`(select count(*)::int from ${cartLines} where ${cartLines.userId} = ${cartReminders.userId})`,
        })
        .from(cartReminders)
        .innerJoin(users, eq(users.id, cartReminders.userId))
        .leftJoin(carts, eq(carts.userId, cartReminders.userId))
        .where(eq(cartReminders.state, 'pending'))
        .orderBy(asc(cartReminders.claimedAt))
        .limit(limit);
      return rows.map((row) => ({
        reminder: row.reminder,
        email: row.email,
        name: row.name,
        status: row.status,
        optedOut: Boolean(row.optedOut),
        cart:
          row.cartId === null || row.updatedAt === null
            ? null
            : { cartId: row.cartId, updatedAt: row.updatedAt, lines: Number(row.lines) },
      }));
    },

    /** The lines as the mail shows them: the catalogue's name, picture and price now. */
    async mailLines(lines: readonly ReminderLine[]): Promise<MailLine[]> {
      const ids = [...new Set(lines.map((line) => line.shoeId))].filter(isUuid);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: shoes.id, name: shoes.name, image: shoes.image, priceCents: shoes.priceCents })
              .from(shoes)
              .where(inArray(shoes.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return lines.map((line) => {
        const shoe = byId.get(line.shoeId);
        return shoe
          ? { ...line, name: shoe.name, image: shoe.image, priceCents: shoe.priceCents }
          : { ...line, priceCents: null };
      });
    },

    async markSent(id: string): Promise<void> {
      await db
        .update(cartReminders)
        .set({ state: 'sent', sentAt: sql`now()` })
        .where(and(eq(cartReminders.id, id), eq(cartReminders.state, 'pending')));
    },

    async markSkipped(id: string, reason: string): Promise<void> {
      await db
        .update(cartReminders)
        .set({ state: 'skipped', skippedReason: reason })
        .where(and(eq(cartReminders.id, id), eq(cartReminders.state, 'pending')));
    },

    async find(id: string): Promise<ReminderRow | undefined> {
      const [row] = await db.select().from(cartReminders).where(eq(cartReminders.id, id));
      return row;
    },

    /** Whether the account's saved cart `cartId` was paid (its id is the cart's last paid one). */
    async wasPaid(userId: string, cartId: string): Promise<boolean> {
      const [row] = await db.select({ paid: carts.paidCartId }).from(carts).where(eq(carts.userId, userId));
      return row?.paid === cartId;
    },

    /**
     * After an order is paid (and modules/carts emptied the cart it paid): the reminded cart it paid,
     * if any, is recovered by it. Handed over twice, it records the same.
     */
    async recordRecovery(orderId: string): Promise<void> {
      const [cart] = await db
        .select({ paidCartId: carts.paidCartId })
        .from(carts)
        .where(eq(carts.paidOrderId, orderId));
      if (!cart?.paidCartId) return;
      const paid = cart.paidCartId;
      await db
        .update(cartReminders)
        .set({ recoveredOrderId: orderId })
        .where(
          and(
            or(eq(cartReminders.cartId, paid), eq(cartReminders.restoredCartId, paid)),
            eq(cartReminders.state, 'sent'),
          ),
        );
    },

    /**
     * The restore link brought the reminder's pairs into the account's saved cart: that cart (a new one
     * when the reminded cart was emptied since) is remembered, so paying it recovers the reminder.
     */
    async recordRestore(reminderId: string, userId: string): Promise<void> {
      const [cart] = await db.select({ cartId: carts.cartId }).from(carts).where(eq(carts.userId, userId));
      if (!cart) return;
      await db
        .update(cartReminders)
        .set({ restoredCartId: cart.cartId })
        .where(eq(cartReminders.id, reminderId));
    },

    async optOut(userId: string): Promise<boolean> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) return false;
      await db.insert(cartReminderOptOuts).values({ userId }).onConflictDoNothing();
      return true;
    },

    async settings(): Promise<ReminderSettings> {
      const [row] = await db.select().from(cartReminderSettings).where(eq(cartReminderSettings.id, 1));
      if (!row) return DEFAULT_SETTINGS;
      return {
        secondEnabled: row.secondEnabled,
        kind: row.kind,
        value: row.value,
        expiryDays: row.expiryDays,
      };
    },

    /** The owner's new settings and their audit entry, in one transaction. */
    async saveSettings(settings: ReminderSettings, audited: Audited): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(cartReminderSettings)
          .values({ id: 1, ...settings })
          .onConflictDoUpdate({
            target: cartReminderSettings.id,
            set: { ...settings, updatedAt: sql`now()` },
          });
        await recordAudit(tx, audited);
      });
    },

    /** The dashboard's figures: carts reminded and recovered, the recovered orders' revenue, codes. */
    async overview() {
      const [row] = await db
        .select({
          reminded: sql<number>`count(distinct ${cartReminders.cartId}) filter (where ${cartReminders.state} = 'sent')::int`,
          recovered: sql<number>`count(distinct ${cartReminders.cartId}) filter (where ${cartReminders.recoveredOrderId} is not null)::int`,
          codesSent: sql<number>`count(*) filter (where ${cartReminders.state} = 'sent' and ${cartReminders.discountCode} is not null)::int`,
        })
        .from(cartReminders);
      const [revenue] = await db
        .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::bigint` })
        .from(orders)
        .where(
          sql`${orders.id} in (select ${cartReminders.recoveredOrderId} from ${cartReminders} where ${cartReminders.recoveredOrderId} is not null)`,
        );
      const [codes] = await db
        .select({ used: sql<number>`count(*)::int` })
        .from(discountCodes)
        .where(
          sql`${discountCodes.onlyForUserId} is not null and ${discountCodes.uses} > 0 and ${discountCodes.code} in (select ${cartReminders.discountCode} from ${cartReminders} where ${cartReminders.state} = 'sent')`,
        );
      return {
        reminded: Number(row?.reminded ?? 0),
        recovered: Number(row?.recovered ?? 0),
        recoveredCents: Number(revenue?.cents ?? 0),
        codesSent: Number(row?.codesSent ?? 0),
        codesUsed: Number(codes?.used ?? 0),
      };
    },

    /** The data download: each reminder of the account, what it named and when. */
    async ofUser(userId: string): Promise<ReminderRow[]> {
      return db
        .select()
        .from(cartReminders)
        .where(eq(cartReminders.userId, userId))
        .orderBy(asc(cartReminders.claimedAt));
    },

    async optedOut(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: cartReminderOptOuts.userId })
        .from(cartReminderOptOuts)
        .where(eq(cartReminderOptOuts.userId, userId));
      return Boolean(row);
    },

    /** A deleted account's reminders and its opt-out go. */
    async eraseOf(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(cartReminders).where(eq(cartReminders.userId, userId));
        await tx.delete(cartReminderOptOuts).where(eq(cartReminderOptOuts.userId, userId));
      });
    },
  };
}

export type CartReminderRepository = ReturnType<typeof createCartReminderRepository>;
