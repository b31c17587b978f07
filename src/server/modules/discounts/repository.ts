import { and, asc, count, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DiscountListQuery } from '../../../domain/contracts/discounts.js';
import type { DiscountCode } from '../../../domain/discounts.js';
import type { DiscountTerms } from '../../../domain/discount-form.js';
import type { Database } from '../../db/client.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import { containsPattern } from '../../db/like-pattern.js';
import { isCheckViolation, isUniqueViolation } from '../../db/postgres-errors.js';
import { discountCodes, discountRedemptions, users } from '../../db/schema.js';

type CodeRow = typeof discountCodes.$inferSelect;

/** A code as the shop keeps it, with how often it was used and what it took off in all. */
export interface StoredCode extends DiscountCode {
  id: string;
  orders: number;
  discountedCents: number;
  createdAt: Date;
  /** The address of the shopper a personal code was made for; null for a code anyone may use. */
  forShopper: string | null;
}

function toCode(row: CodeRow): DiscountCode & { id: string } {
  return {
    id: row.id,
    code: row.code,
    amount:
      row.kind === 'percent'
        ? { kind: 'percent', percent: row.percent ?? 0 }
        : { kind: 'fixed', amountCents: row.amountCents ?? 0 },
    target: row.target === 'brands' ? { kind: 'brands', brands: row.brands } : { kind: row.target },
    minSubtotalCents: row.minSubtotalCents,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    maxUses: row.maxUses,
    uses: row.uses,
    oncePerCustomer: row.oncePerCustomer,
    active: row.active,
  };
}

/** The terms as the table's columns. */
function columnsOf(terms: DiscountTerms) {
  return {
    code: terms.code,
    kind: terms.amount.kind,
    percent: terms.amount.kind === 'percent' ? terms.amount.percent : null,
    amountCents: terms.amount.kind === 'fixed' ? terms.amount.amountCents : null,
    minSubtotalCents: terms.minSubtotalCents,
    startsOn: terms.startsOn,
    endsOn: terms.endsOn,
    maxUses: terms.maxUses,
    oncePerCustomer: terms.oncePerCustomer,
    target: terms.target.kind,
    brands: terms.target.kind === 'brands' ? terms.target.brands : [],
  };
}

export function createDiscountsRepository(db: Database) {
  /** Orders and cents discounted per code. */
  const totals = db
    .select({
      codeId: discountRedemptions.codeId,
      orders: sql<number>`count(*)::int`.as('orders'),
      cents: sql<number>`coalesce(sum(${discountRedemptions.discountCents}), 0)::int`.as('cents'),
    })
    .from(discountRedemptions)
    .groupBy(discountRedemptions.codeId)
    .as('totals');

  async function withTotals(where: SQL | undefined, page?: { offset: number; limit: number }) {
    const query = db
      .select({ code: discountCodes, orders: totals.orders, cents: totals.cents, forShopper: users.email })
      .from(discountCodes)
      .leftJoin(totals, eq(totals.codeId, discountCodes.id))
      .leftJoin(users, eq(users.id, discountCodes.onlyForUserId))
      .where(where)
      .orderBy(asc(discountCodes.code))
      .$dynamic();
    const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
    return rows.map((row): StoredCode => ({
      ...toCode(row.code),
      orders: Number(row.orders ?? 0),
      discountedCents: Number(row.cents ?? 0),
      createdAt: row.code.createdAt,
      forShopper: row.forShopper ?? null,
    }));
  }

  return {
    /**
     * One more use of a code, inside the checkout's transaction (docs/decisions/010): the code's row
     * is the order's first lock, so every checkout with this code waits here for the one before it
     * and the count is exact; 'used_up', 'used_by_you' or 'inactive' otherwise, and nothing is kept.
     */
    async use(
      tx: Tx,
      discount: { codeId: string; oncePerCustomer: boolean },
      userId: string,
      today: string,
    ): Promise<'ok' | 'used_up' | 'used_by_you' | 'inactive'> {
      const [code] = await tx
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} + 1` })
        .where(
          and(
            eq(discountCodes.id, discount.codeId),
            eq(discountCodes.active, true),
            sql`(${discountCodes.startsOn} IS NULL OR ${discountCodes.startsOn} <= ${today})`,
            sql`(${discountCodes.endsOn} IS NULL OR ${discountCodes.endsOn} >= ${today})`,
            sql`(${discountCodes.maxUses} IS NULL OR ${discountCodes.uses} < ${discountCodes.maxUses})`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (!code) {
        const [row] = await tx
          .select({ active: discountCodes.active })
          .from(discountCodes)
          .where(eq(discountCodes.id, discount.codeId));
        return row?.active ? 'used_up' : 'inactive';
      }
      if (discount.oncePerCustomer) {
        // Read after the code's lock: a use by this shopper that committed meanwhile is seen.
        const [used] = await tx
          .select({ id: discountRedemptions.id })
          .from(discountRedemptions)
          .where(and(eq(discountRedemptions.codeId, discount.codeId), eq(discountRedemptions.userId, userId)))
          .limit(1);
        if (used) return 'used_by_you';
      }
      return 'ok';
    },

    /**
     * Gives back a use counted for a checkout that was not paid (a hold released: docs/decisions/031),
     * in the checkout's transaction: the code has that use to give again.
     */
    async giveBack(tx: Tx, codeId: string): Promise<void> {
      await tx
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} - 1` })
        .where(and(eq(discountCodes.id, codeId), sql`${discountCodes.uses} > 0`));
    },

    /** The use's record, with the order it went to, in the checkout's transaction. */
    async redeem(
      tx: Tx,
      redemption: {
        codeId: string;
        orderId: string;
        userId: string;
        oncePerCustomer: boolean;
        discountCents: number;
      },
    ): Promise<void> {
      await tx.insert(discountRedemptions).values(redemption);
    },

    /**
     * Codes by name, optionally those containing `q`, with the total for paging: the codes anyone may
     * use, or (`personal: 'only'`) those made for one shopper.
     */
    async list(query: DiscountListQuery): Promise<{ items: StoredCode[]; total: number }> {
      const where = and(
        query.personal === 'only'
          ? isNotNull(discountCodes.onlyForUserId)
          : isNull(discountCodes.onlyForUserId),
        query.q ? ilike(discountCodes.code, containsPattern(query.q)) : undefined,
      );
      const [items, [counted]] = await Promise.all([
        withTotals(where, query),
        db.select({ n: count() }).from(discountCodes).where(where),
      ]);
      return { items, total: counted?.n ?? 0 };
    },

    async get(id: string): Promise<StoredCode | undefined> {
      const [code] = await withTotals(eq(discountCodes.id, id));
      return code;
    },

    /** The new code's id, or 'exists' when a code has this name. */
    async insert(terms: DiscountTerms, audited: Audited): Promise<string | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(discountCodes)
            .values(columnsOf(terms))
            .returning({ id: discountCodes.id });
          await recordAudit(tx, {
            actor: audited.actor,
            record: { ...audited.record, target: { ...audited.record.target, id: row!.id } },
          });
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /**
     * New terms for a code (its uses so far stay): 'missing', 'exists' (another code has the name) or
     * 'below_uses' (a limit under the uses already counted, checked by the table under the row lock).
     */
    async update(
      id: string,
      terms: DiscountTerms,
      audited: Audited,
    ): Promise<'updated' | 'missing' | 'exists' | 'below_uses'> {
      try {
        return await db.transaction(async (tx) => {
          const updated = await tx
            .update(discountCodes)
            .set({ ...columnsOf(terms), updatedAt: new Date() })
            .where(eq(discountCodes.id, id))
            .returning({ id: discountCodes.id });
          if (updated.length === 0) return 'missing' as const;
          await recordAudit(tx, audited);
          return 'updated' as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        if (isCheckViolation(error)) return 'below_uses';
        throw error;
      }
    },

    async setActive(id: string, active: boolean, audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(discountCodes)
          .set({ active, updatedAt: new Date() })
          .where(eq(discountCodes.id, id))
          .returning({ code: discountCodes.code });
        if (updated.length === 0) return false;
        await recordAudit(tx, {
          actor: audited.actor,
          record: { ...audited.record, target: { ...audited.record.target, label: updated[0]!.code } },
        });
        return true;
      });
    },

    /** By its name in capitals, as the checkout reads it. */
    async find(code: string): Promise<(DiscountCode & { id: string }) | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
      return row ? { ...toCode(row), onlyForUserId: row.onlyForUserId } : undefined;
    },

    /**
     * A single-use code for one shopper (a cart reminder's, docs/decisions/029): once, by that
     * shopper only, until `endsOn`. Made again under the same name, nothing changes (a resumed send).
     */
    async createPersonal(personal: {
      code: string;
      userId: string;
      amount: { kind: 'percent'; percent: number } | { kind: 'fixed'; amountCents: number };
      endsOn: string;
    }): Promise<void> {
      await db
        .insert(discountCodes)
        .values({
          code: personal.code,
          kind: personal.amount.kind,
          percent: personal.amount.kind === 'percent' ? personal.amount.percent : null,
          amountCents: personal.amount.kind === 'fixed' ? personal.amount.amountCents : null,
          endsOn: personal.endsOn,
          maxUses: 1,
          oncePerCustomer: true,
          target: 'cart',
          onlyForUserId: personal.userId,
        })
        .onConflictDoNothing({ target: discountCodes.code });
    },

    async usedBy(codeId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: discountRedemptions.id })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
