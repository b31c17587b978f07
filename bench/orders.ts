import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';

/** The shoes "You may also like" is measured on (bench/scenarios.ts). */
export interface AlsoLikeShoes {
  /** The shoe bought with the most others: its row is the top of a long co_purchases range. */
  popular: string;
  /** A shoe never bought with another: its row is all fill-up (brand, colour, price band). */
  lonely: string;
  pairs: number;
  orders: number;
  lines: number;
}

/**
 * `lines` order lines (issue 35 item 4's 1,000,000), 4 to an order, as paid orders of one bench
 * shopper, the shoes drawn with a long tail (a few shoes in very many orders, most in a few), then
 * co_purchases counted from them as migration 0031's backfill counts existing orders (the live
 * counting is the order.paid consumer's, tested in tests/api/recommendations). PostgreSQL or PGlite.
 */
export async function createBenchOrders(db: Database, lines: number): Promise<AlsoLikeShoes> {
  const orderCount = Math.ceil(lines / 4);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (id, email, name) VALUES ('bench-buyer', 'bench-buyer@bench.test', 'Bench Buyer')
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO orders (user_id, email, id_payment, amount_cents, status)
      SELECT 'bench-buyer', 'bench-buyer@bench.test', 'bench-order-' || n, 40000, 'Received'
        FROM generate_series(1, ${orderCount}) AS n`);
    // random()^3: the first shoes by number are in most orders (a long tail). Joined by number: an
    // array of 100,000 ids indexed per line would be read whole for each of the 1,000,000 lines.
    await tx.execute(sql`
      WITH s AS (SELECT id, (row_number() OVER (ORDER BY id))::int AS n FROM shoes),
           c AS (SELECT count(*)::int AS total FROM shoes),
           l AS (SELECT o.id AS order_id, 1 + floor(c.total * power(random(), 3))::int AS n
                   FROM (SELECT id FROM orders WHERE id_payment LIKE 'bench-order-%') o, generate_series(1, 4) AS k, c)
      INSERT INTO order_lines (order_id, shoe_id, name, image, size, quantity, unit_price_cents)
      SELECT l.order_id, s.id, 'Bench', '', '9', 1, 10000 FROM l JOIN s ON s.n = l.n`);
    await tx.execute(sql`
      INSERT INTO co_purchases (shoe_id, other_shoe_id, orders)
      SELECT a.shoe_id, b.shoe_id, count(DISTINCT a.order_id)::int
        FROM order_lines a JOIN order_lines b ON b.order_id = a.order_id AND b.shoe_id <> a.shoe_id
       WHERE a.shoe_id IS NOT NULL AND b.shoe_id IS NOT NULL
       GROUP BY a.shoe_id, b.shoe_id`);
    await tx.execute(sql`INSERT INTO co_purchase_orders (order_id) SELECT id FROM orders`);
  });
  await db.execute(sql`VACUUM ANALYZE`);
  const [row] = (
    await db.execute<{ popular: string; lonely: string; pairs: number; orders: number; lines: number }>(sql`
      SELECT (SELECT shoe_id FROM co_purchases GROUP BY shoe_id ORDER BY count(*) DESC LIMIT 1) AS popular,
             (SELECT s.id FROM shoes s WHERE s.sizes_in_stock <> 0
                 AND NOT EXISTS (SELECT 1 FROM co_purchases c WHERE c.shoe_id = s.id) LIMIT 1) AS lonely,
             (SELECT count(*) FROM co_purchases)::int AS pairs,
             (SELECT count(*) FROM orders)::int AS orders,
             (SELECT count(*) FROM order_lines)::int AS lines`)
  ).rows;
  return {
    popular: row!.popular,
    lonely: row!.lonely,
    pairs: Number(row!.pairs),
    orders: Number(row!.orders),
    lines: Number(row!.lines),
  };
}
