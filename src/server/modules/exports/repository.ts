import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ExportedShoe } from '../../../domain/catalogue-export.js';
import type { ExportedOrder } from '../../../domain/orders-csv.js';
import { compareSizes } from '../../../domain/size-chart.js';
import type { Database } from '../../db/client.js';
import {
  brands,
  orderLines,
  orderRefunds,
  orders,
  shoeImages,
  shoes,
  stockEntries,
} from '../../db/schema.js';

/** Where a page of orders ends: the last order's exact creation time (as PostgreSQL wrote it) and id. */
export interface OrderCursor {
  at: string;
  id: string;
}

/**
 * The exports' reads (issue 33 item 4), a page at a time by keyset: each page starts after the last
 * row of the one before, so a page costs the same whether it is the first or the thousandth and
 * nothing holds more than a page. Reads only: the tables' writers are elsewhere.
 */
export function createExportsRepository(db: Database) {
  return {
    /** Up to `limit` shoes after `afterId` (by id), each with its sizes and its gallery. */
    async shoesAfter(afterId: string | null, limit: number): Promise<(ExportedShoe & { id: string })[]> {
      const rows = await db
        .select({
          id: shoes.id,
          name: shoes.name,
          brand: brands.name,
          color: shoes.color,
          priceCents: shoes.priceCents,
          compareAtCents: shoes.compareAtCents,
          description: shoes.description,
          onSale: shoes.onSale,
          cover: shoes.image,
        })
        .from(shoes)
        .innerJoin(brands, eq(brands.id, shoes.brandId))
        .where(afterId === null ? undefined : gt(shoes.id, afterId))
        .orderBy(asc(shoes.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const [sizes, photos] = await Promise.all([
        db
          .select({
            shoeId: stockEntries.shoeId,
            size: stockEntries.size,
            quantity: stockEntries.quantity,
            sku: stockEntries.sku,
            gtin: stockEntries.gtin,
          })
          .from(stockEntries)
          .where(inArray(stockEntries.shoeId, ids)),
        db
          .select({ shoeId: shoeImages.shoeId, image: shoeImages.image, alt: shoeImages.alt })
          .from(shoeImages)
          .where(inArray(shoeImages.shoeId, ids))
          .orderBy(asc(shoeImages.shoeId), asc(shoeImages.position)),
      ]);
      return rows.map(({ cover, ...shoe }) => {
        const gallery = photos.filter((photo) => photo.shoeId === shoe.id);
        return {
          ...shoe,
          // A shoe written without gallery rows shows its cover alone, as the shop does.
          images: gallery.length > 0 ? gallery : [{ image: cover, alt: shoe.name }],
          sizes: sizes
            .filter((entry) => entry.shoeId === shoe.id)
            .sort((a, b) => compareSizes(a.size, b.size)),
        };
      });
    },

    /**
     * Up to `limit` orders placed from `from` (inclusive) to `until` (exclusive), after `cursor`, oldest
     * first, each with its lines (in the order page's order) and what was refunded of it.
     */
    async ordersAfter(
      range: { from: Date; until: Date },
      cursor: OrderCursor | null,
      limit: number,
    ): Promise<(ExportedOrder & { cursor: OrderCursor })[]> {
      const rows = await db
        .select({
          id: orders.id,
          // The exact instant as text: a JS Date keeps milliseconds, PostgreSQL microseconds, and a
          // cursor rounded down would read a row twice.
          at: sql<string>`${orders.createdAt}::text`,
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          email: orders.email,
          deliveryAddress: orders.deliveryAddress,
          discountCode: orders.discountCode,
          discountCents: orders.discountCents,
          shippingMethod: orders.shippingMethod,
          shippingCents: orders.shippingCents,
          taxCents: orders.taxCents,
          amountCents: orders.amountCents,
          // Aliased: inside the subquery an unqualified column would be the refund's own.
          refundedCents: sql<number>`(SELECT coalesce(sum(r.amount_cents), 0)::int FROM ${orderRefunds} r WHERE r.order_id = "orders"."id" AND r.status = 'succeeded')`,
        })
        .from(orders)
        .where(
          and(
            gte(orders.createdAt, range.from),
            lt(orders.createdAt, range.until),
            cursor === null
              ? undefined
              : // Written so the created_at index bounds the scan: after the cursor's instant, or at it with a later id.
                sql`${orders.createdAt} >= ${cursor.at}::timestamptz AND (${orders.createdAt} > ${cursor.at}::timestamptz OR ${orders.id} > ${cursor.id}::uuid)`,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const lines = await db
        .select({
          orderId: orderLines.orderId,
          name: orderLines.name,
          size: orderLines.size,
          sku: orderLines.sku,
          quantity: orderLines.quantity,
          unitPriceCents: orderLines.unitPriceCents,
          discountCents: orderLines.discountCents,
          taxCents: orderLines.taxCents,
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderLines.orderId), asc(orderLines.name), asc(orderLines.size));
      const linesOf = new Map<string, ExportedOrder['lines']>();
      for (const { orderId, ...line } of lines) {
        const list = linesOf.get(orderId) ?? [];
        list.push(line);
        linesOf.set(orderId, list);
      }
      return rows.map(({ id, at, deliveryAddress, ...order }) => ({
        ...order,
        refundedCents: Number(order.refundedCents),
        deliveryName: deliveryAddress?.name ?? null,
        deliveryState: deliveryAddress?.stateCode ?? null,
        lines: linesOf.get(id) ?? [],
        cursor: { at, id },
      }));
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
