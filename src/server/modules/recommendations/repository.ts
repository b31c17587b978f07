import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { sizeBit } from '../../../domain/size-chart.js';
import type { Database } from '../../db/client.js';
import { coPurchaseOrders, coPurchases, orderLines, shoes } from '../../db/schema.js';
import { recordEvents } from '../../events/outbox-repository.js';

/** The fill-up's price band: within a quarter of the shoe's price either way. */
export const PRICE_BAND = 0.25;

/** The fill-up's tiers, best first (docs/decisions/027). */
export type FillTier = 'brand-colour' | 'brand' | 'colour' | 'price-band';
const TIERS: readonly FillTier[] = ['brand-colour', 'brand', 'colour', 'price-band'];

interface Candidate extends Record<string, unknown> {
  id: string;
  tier: FillTier;
  price_cents: number;
  name: string;
}

/**
 * "You may also like" (issue 35 item 4): the shoes bought together, counted from paid orders in
 * co_purchases (written here only), and the reads that pick a shoe's row from them and the catalogue.
 */
export function createRecommendationsRepository(db: Database) {
  return {
    /**
     * Counts a paid order once: its id is recorded with its pairs in one transaction, so an order
     * handed over again (at-least-once delivery, a second instance) finds it and counts nothing.
     * Records `co-purchases.changed` for its shoes when pairs were counted. Answers those shoes.
     */
    countOrder(orderId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const counted = await tx
          .insert(coPurchaseOrders)
          .values({ orderId })
          .onConflictDoNothing()
          .returning({ orderId: coPurchaseOrders.orderId });
        if (counted.length === 0) return [];
        // The shoes still in the catalogue (a line keeps its order when its shoe is deleted).
        const lines = await tx
          .selectDistinct({ shoeId: orderLines.shoeId })
          .from(orderLines)
          .innerJoin(shoes, eq(shoes.id, orderLines.shoeId))
          .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.shoeId)));
        const ids = lines.flatMap((line) => (line.shoeId ? [line.shoeId] : [])).sort();
        if (ids.length < 2) return [];
        // In one order of keys, so two orders counted at once never wait on each other crosswise.
        const pairs = ids.flatMap((a) =>
          ids.filter((b) => b !== a).map((b) => ({ shoeId: a, otherShoeId: b })),
        );
        await tx
          .insert(coPurchases)
          .values(pairs.map((pair) => ({ ...pair, orders: 1 })))
          .onConflictDoUpdate({
            target: [coPurchases.shoeId, coPurchases.otherShoeId],
            set: { orders: sql`${coPurchases.orders} + 1` },
          });
        await recordEvents(tx, [{ type: 'co-purchases.changed', payload: { shoeIds: ids } }]);
        return ids;
      });
    },

    /**
     * The shoe's row as ids, best first: up to `limit` shoes bought with it (most orders first),
     * then filled up tier by tier (TIERS), each closest in price first; all in stock (in `size`
     * when given), never the shoe itself. Undefined when there is no such shoe. Every read is a
     * short range of an index (co_purchases by shoe and orders; shoes by brand or colour and
     * price, or by price), read from the shoe's price up and down, so its cost does not grow with
     * the catalogue or the orders.
     */
    async alsoLikeIds(id: string, size: string | undefined, limit: number): Promise<string[] | undefined> {
      const [shoe] = await db
        .select({
          brandId: shoes.brandId,
          color: sql<string>`lower(${shoes.color})`,
          price: shoes.priceCents,
        })
        .from(shoes)
        .where(eq(shoes.id, id));
      if (!shoe) return undefined;
      // Every bit when no size is asked: any size in stock.
      const mask = size ? sizeBit(size) : -1;
      const inStock = sql`(s.sizes_in_stock & ${mask}) <> 0`;
      const bought = await db.execute<{ id: string }>(sql`
        SELECT c.other_shoe_id AS id
          FROM ${coPurchases} c JOIN ${shoes} s ON s.id = c.other_shoe_id
         WHERE c.shoe_id = ${id} AND ${inStock}
         ORDER BY c.orders DESC NULLS LAST, c.other_shoe_id
         LIMIT ${limit}`);
      const chosen = bought.rows.map((row) => row.id);
      if (chosen.length >= limit) return chosen;

      // Enough of each tier that the shoes already chosen cannot leave it short.
      const each = limit + chosen.length;
      const P = shoe.price;
      const sameBrand = sql`s.brand_id = ${shoe.brandId}`;
      const sameColour = sql`lower(s.color) = ${shoe.color}`;
      const tiers: Record<FillTier, SQL> = {
        // Index shoes_brand_color_price_idx (migration 0035), read from the price up and down.
        'brand-colour': sql`${sameBrand} AND ${sameColour}`,
        brand: sql`${sameBrand} AND NOT ${sameColour}`,
        colour: sql`${sameColour} AND s.brand_id <> ${shoe.brandId}`,
        'price-band': sql`s.brand_id <> ${shoe.brandId} AND NOT ${sameColour}
          AND s.price_cents BETWEEN ${Math.floor(P * (1 - PRICE_BAND))} AND ${Math.ceil(P * (1 + PRICE_BAND))}`,
      };
      const side = (tier: FillTier, up: boolean) => sql`(
        SELECT s.id, ${tier}::text AS tier, s.price_cents, s.name FROM ${shoes} s
         WHERE ${tiers[tier]} AND s.id <> ${id} AND ${inStock}
           AND s.price_cents ${up ? sql`>=` : sql`<`} ${P}
         ORDER BY s.price_cents ${up ? sql`ASC` : sql`DESC`}
         LIMIT ${each})`;
      const candidates = await db.execute<Candidate>(
        sql.join(
          TIERS.flatMap((tier) => [side(tier, true), side(tier, false)]),
          sql` UNION ALL `,
        ),
      );
      const distance = (c: Candidate) => Math.abs(Number(c.price_cents) - P);
      const ranked = [...candidates.rows].sort(
        (a, b) =>
          TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier) ||
          distance(a) - distance(b) ||
          a.name.localeCompare(b.name) ||
          a.id.localeCompare(b.id),
      );
      const seen = new Set(chosen);
      for (const candidate of ranked) {
        if (chosen.length >= limit) break;
        if (seen.has(candidate.id)) continue;
        seen.add(candidate.id);
        chosen.push(candidate.id);
      }
      return chosen;
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;
