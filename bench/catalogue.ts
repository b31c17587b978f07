import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
import { seedDemoCatalogue } from '../src/server/db/seed/seed-demo.js';
import { createCatalogRepository } from '../src/server/modules/catalog/repository.js';
import type { ImageStore } from '../src/server/storage/image-store.js';

// Words the generated names, brands and descriptions are made of (about 2,000 distinct names).
const ADJECTIVES = [
  'Swift',
  'Urban',
  'Trail',
  'Street',
  'Court',
  'Cloud',
  'Storm',
  'Summit',
  'Velvet',
  'Neon',
  'Solar',
  'Lunar',
  'Arctic',
  'Desert',
  'Coastal',
  'Metro',
  'Classic',
  'Retro',
  'Prime',
  'Turbo',
  'Silent',
  'Rapid',
  'Golden',
  'Crimson',
  'Shadow',
  'Bright',
  'Wild',
  'Steady',
  'Nimble',
  'Royal',
  'Hyper',
  'Zen',
  'Pulse',
  'Echo',
  'Drift',
  'Frost',
  'Ember',
  'Canyon',
  'Harbor',
  'Meadow',
];
const NOUNS = [
  'Runner',
  'Racer',
  'Walker',
  'Glide',
  'Dash',
  'Sprint',
  'Stride',
  'Flex',
  'Boost',
  'Wave',
  'Flyer',
  'Pacer',
  'Climber',
  'Rider',
  'Court',
  'Low',
  'High',
  'Mid',
  'Classic',
  'Trainer',
  'Voyager',
  'Ranger',
  'Drifter',
  'Hopper',
  'Breeze',
  'Comet',
  'Falcon',
  'Tiger',
  'Fox',
  'Bolt',
  'Vertex',
  'Orbit',
  'Nova',
  'Jet',
  'Spark',
  'Arrow',
  'Ridge',
  'Peak',
  'Loop',
  'Edge',
  'Quest',
  'Rush',
  'Trek',
  'Wing',
  'Zoom',
  'Lift',
  'Step',
  'Path',
  'Motion',
  'Origin',
];
const BRAND_WORDS = [
  'Aero',
  'Bolt',
  'Crest',
  'Dune',
  'Elan',
  'Fjord',
  'Gale',
  'Hale',
  'Iris',
  'Jolt',
  'Kite',
  'Loom',
  'Mako',
  'Nimbus',
  'Onyx',
  'Pike',
  'Quill',
  'Rook',
  'Sable',
  'Tundra',
];
const COLOURS = [
  'Red',
  'Royal Blue',
  'Slate Grey',
  'Navy',
  'Sky Blue',
  'Olive',
  'Mint',
  'Triple Black',
  'Orange',
  'Forest Green',
  'Cloud White',
  'Coral',
  'Burgundy',
  'Violet',
  'Sunflower Yellow',
  'Lavender',
  'Cream',
  'Tan',
  'Charcoal',
  'Lime',
];
const SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5'];

const textArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/**
 * The demo catalogue (its brands, shoes and drawn images), then, when `total` is larger, generated
 * shoes up to `total`, inserted by set-based SQL (generate_series) in one statement per table so
 * 100,000 shoes take seconds. Generated shoes share the demo images and get 5 sizes of stock each
 * (one in 25 sold out), a colour, a date and pairs sold, so the filters and sorts have work to do.
 */
export async function createBenchCatalogue(
  db: Database,
  store: ImageStore,
  total?: number,
): Promise<{ shoes: number; brands: number }> {
  const demo = await seedDemoCatalogue(db, store);
  const extra = (total ?? demo.shoes) - demo.shoes;
  if (extra > 0) {
    await db.transaction(async (tx) => {
      // Building the trigram index once after the insert is much faster than 100,000 index inserts.
      await tx.execute(sql`DROP INDEX shoes_name_trgm_idx`);
      await tx.execute(sql`DROP INDEX shoes_name_color_trgm_idx`);
      await tx.execute(sql`DROP INDEX shoes_search_vector_idx`);
      await tx.execute(sql`
        INSERT INTO brands (name)
        SELECT w1 || ' ' || w2 FROM unnest(${textArray(BRAND_WORDS)}) w1, unnest(${textArray(['Athletics', 'Footwear', 'Labs'])}) w2`);
      await tx.execute(sql`
        WITH b AS (SELECT array_agg(id ORDER BY name) AS ids FROM brands),
             i AS (SELECT array_agg(DISTINCT image) AS urls FROM shoes),
             a AS (SELECT ${textArray(ADJECTIVES)} AS adj, ${textArray(NOUNS)} AS noun, ${textArray(COLOURS)} AS colour)
        INSERT INTO shoes (name, brand_id, description, color, price_cents, on_sale, image, created_at, units_sold)
        SELECT
          a.adj[1 + n % cardinality(a.adj)] || ' ' || a.noun[1 + (n / cardinality(a.adj)) % cardinality(a.noun)]
            || CASE WHEN n >= cardinality(a.adj) * cardinality(a.noun) THEN ' ' || (n / (cardinality(a.adj) * cardinality(a.noun)) + 1) ELSE '' END,
          b.ids[1 + (n * 7) % cardinality(b.ids)],
          'A generated shoe for load tests: a light mesh upper, a cushioned midsole and a grippy rubber outsole for everyday miles.',
          a.colour[1 + (n * 13) % cardinality(a.colour)],
          4900 + ((n * 37) % 250) * 100,
          n % 9 = 0,
          i.urls[1 + n % cardinality(i.urls)],
          -- Spread over the last few weeks, with some pairs sold: the newest and best-selling sorts.
          now() - (n % 1000) * interval '1 hour',
          (n * 31) % 500
        FROM generate_series(0, ${extra - 1}) AS n, a, b, i`);
      // Stock in one statement, its trigger off: the sizes in stock are set for all shoes at once
      // below (as migration 0007's backfill does) rather than by 500,000 trigger calls.
      await tx.execute(sql`ALTER TABLE stock_entries DISABLE TRIGGER USER`);
      await tx.execute(sql`
        INSERT INTO stock_entries (shoe_id, size, quantity, sku)
        SELECT s.id, (${textArray(SIZES)})[1 + s.start + k], (s.h + k * 7) % 25,
               -- What the SKU trigger (off here, migration 0024) would give.
               generated_sku(s.id, (${textArray(SIZES)})[1 + s.start + k])
        FROM (SELECT id, abs(hashtext(id::text)) % 8 AS start, abs(hashtext(id::text)) % 97 AS h
              FROM shoes WHERE NOT EXISTS (SELECT 1 FROM stock_entries e WHERE e.shoe_id = shoes.id)) s,
             generate_series(0, 4) AS k`);
      await tx.execute(sql`ALTER TABLE stock_entries ENABLE TRIGGER USER`);
      await tx.execute(sql`
        UPDATE shoes SET sizes_in_stock = coalesce(fresh.mask, 0)
          FROM (SELECT s.id, (SELECT bit_or(chart_size_bit(e.size)) FROM stock_entries e
                               WHERE e.shoe_id = s.id AND e.quantity > 0) AS mask FROM shoes s) AS fresh
         WHERE shoes.id = fresh.id AND shoes.sizes_in_stock IS DISTINCT FROM coalesce(fresh.mask, 0)`);
      // As migration 0005 defines it.
      await tx.execute(
        sql`CREATE INDEX shoes_name_trgm_idx ON shoes USING gin (name gin_trgm_ops) WITH (fastupdate = false)`,
      );
      // As migration 0030 defines them.
      await tx.execute(
        sql`CREATE INDEX shoes_name_color_trgm_idx ON shoes USING gin ((name || ' ' || color) gin_trgm_ops) WITH (fastupdate = false)`,
      );
      await tx.execute(
        sql`CREATE INDEX shoes_search_vector_idx ON shoes USING gin (search_vector) WITH (fastupdate = false)`,
      );
    });
    // The facet counts' rows of changes (a row per key inserted, then per key the masks moved), as
    // one row per key: the shop folds after each change it announces; this load announced none.
    await createCatalogRepository(db).foldFacetCounts();
    // VACUUM too: the facet counts read an index only, which needs the visibility map it builds.
    await db.execute(sql`VACUUM ANALYZE`);
    // The filters read the sizes in stock from the shoes: they must say what the stock says.
    const [wrong] = (
      await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM shoes s
         WHERE s.sizes_in_stock <> coalesce((SELECT bit_or(chart_size_bit(e.size)) FROM stock_entries e
                                             WHERE e.shoe_id = s.id AND e.quantity > 0), 0)`)
    ).rows;
    if (Number(wrong!.n) > 0)
      throw new Error(`${wrong!.n} generated shoes have sizes in stock that disagree with their stock`);
  }
  const [counts] = (
    await db.execute<{ shoes: number; brands: number }>(
      sql`SELECT (SELECT count(*) FROM shoes)::int AS shoes, (SELECT count(*) FROM brands)::int AS brands`,
    )
  ).rows;
  return { shoes: Number(counts!.shoes), brands: Number(counts!.brands) };
}
