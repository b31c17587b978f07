import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client.js';

/** A key of the facet counts and its number of shoes, as `brand|colour|mask|sale => n`. */
type Counts = Record<string, number>;

const keyed = (rows: { key: string; n: number }[]): Counts =>
  Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));

/** What the counts say (the sum of each key's rows, folded or not), and what the shoes say. */
export async function facetCountsAndShoes(db: Database): Promise<{ counts: Counts; shoes: Counts }> {
  const key = sql.raw(`brand_id || '|' || color || '|' || sizes_in_stock || '|' || on_sale`);
  const [counts, shoes] = await Promise.all([
    db.execute<{ key: string; n: number }>(
      sql`SELECT ${key} AS key, sum(shoes)::int AS n FROM shoe_facet_counts GROUP BY 1 HAVING sum(shoes) <> 0 ORDER BY 1`,
    ),
    db.execute<{ key: string; n: number }>(
      sql`SELECT ${key} AS key, count(*)::int AS n FROM shoes GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return { counts: keyed(counts.rows), shoes: keyed(shoes.rows) };
}

/** The rows of the counts: how many, how many not folded yet, and keys with more than one row. */
export async function facetCountRows(db: Database) {
  const [row] = (
    await db.execute<{ rows: number; unfolded: number; repeated: number; empty: number }>(sql`
      SELECT count(*)::int AS rows,
             (count(*) FILTER (WHERE NOT folded))::int AS unfolded,
             (SELECT count(*)::int FROM (SELECT 1 FROM shoe_facet_counts
                GROUP BY brand_id, color, sizes_in_stock, on_sale HAVING count(*) > 1) AS r) AS repeated,
             (count(*) FILTER (WHERE shoes = 0))::int AS empty
        FROM shoe_facet_counts`)
  ).rows;
  return {
    rows: Number(row!.rows),
    unfolded: Number(row!.unfolded),
    repeated: Number(row!.repeated),
    empty: Number(row!.empty),
  };
}
