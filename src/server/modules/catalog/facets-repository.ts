import { and, sql, type SQL } from 'drizzle-orm';
import {
  canonicalFilters,
  type FacetValue,
  type FilterScope,
  type ShoeFacets,
  type ShoeFilters,
} from '../../../domain/shoe-filters.js';
import { CHART_SIZES, sizeBit } from '../../../domain/size-chart.js';
import type { Database } from '../../db/client.js';
import { brands, shoeFacetCounts, shoes } from '../../db/schema.js';
import { filterConditions, type FilterConditions } from './filter-conditions.js';
import { findSearchCandidates, searchMatches } from './search-repository.js';

/** A row of the facets' grouping: by sizes-in-stock mask, by colour, by brand, or the total. */
interface FacetRow extends Record<string, unknown> {
  grouping: number;
  mask: number | null;
  color: string | null;
  brand: string | null;
  by_mask: number;
  by_color: number;
  by_brand: number;
  /** Read from the counts: the shoes the row stands for, filters aside (0 once all have left its key). */
  present?: number;
}

interface FacetTotals extends Record<string, unknown> {
  on_sale: number | null;
  low: number | null;
  high: number | null;
}

type Flag = 'z' | 'c' | 'b' | 'p' | 'o';
const FLAGS: readonly Flag[] = ['z', 'c', 'b', 'p', 'o'];
/** Every other facet's filter holds: the flags of a `base` row, but `facet`'s own. */
const others = (facet: Flag) => sql.raw(FLAGS.filter((name) => name !== facet).join(' AND '));
/** The flags a `base` row carries, one per facet: whether its filter holds (true when not set). */
const flags = (conditions: FilterConditions) => {
  const flag = (condition: SQL | undefined) => condition ?? sql`true`;
  return sql`${flag(conditions.size)} AS z, ${flag(conditions.color)} AS c, ${flag(conditions.brand)} AS b,
             ${flag(conditions.price)} AS p, ${flag(conditions.onSale)} AS o`;
};
/** The filters a page is bounded by (a brand's collection, the sale), as one condition. */
const scopeOf = (conditions: FilterConditions, scope: FilterScope[]) =>
  and(...scope.flatMap((name) => conditions[name] ?? []));

/**
 * The facets of a filtered list (docs/decisions/009, 035): for each value of each facet, how many
 * shoes it would give with the other facets' filters kept (one value more of the same facet widens,
 * so its own filter is left out). Colours and brands are listed as found within the scope (a brand's
 * collection, the sale), counted or not.
 */
export function createFacetsRepository(db: Database) {
  /**
   * Without a search or a price, from the counts by key (a few thousand rows at 100,000 shoes,
   * decision 035): one grouping three ways and the total, and the price range from the shoes'
   * price indexes (the first and last matching price).
   */
  async function fromCounts(filters: ShoeFilters, scope: FilterScope[]) {
    const keyed = filterConditions(filters, shoeFacetCounts);
    // OFFSET 0 keeps the planner from working the flags out again in every aggregate.
    const base = sql`(SELECT ${shoeFacetCounts.sizesInStock} AS mask, ${shoeFacetCounts.color} AS color,
                             ${shoeFacetCounts.brandId} AS brand, ${shoeFacetCounts.onSale} AS sale,
                             ${shoeFacetCounts.shoes} AS n, ${flags(keyed)}
                        FROM ${shoeFacetCounts} WHERE ${scopeOf(keyed, scope) ?? sql`true`} OFFSET 0) AS base`;
    const [grouped, prices] = await Promise.all([
      db.execute<FacetRow & { on_sale: number | null }>(sql`
        SELECT grouping(mask, color, brand) AS grouping, mask, color, brand,
               (sum(n) FILTER (WHERE ${others('z')}))::int AS by_mask,
               (sum(n) FILTER (WHERE ${others('c')}))::int AS by_color,
               (sum(n) FILTER (WHERE ${others('b')}))::int AS by_brand,
               sum(n)::int AS present,
               (sum(n) FILTER (WHERE ${others('o')} AND sale))::int AS on_sale
          FROM ${base}
         GROUP BY GROUPING SETS ((mask), (color), (brand), ())`),
      // No price is asked: the range is that of the shoes every filter lets through.
      db.execute<{ low: number | null; high: number | null }>(sql`
        SELECT min(${shoes.priceCents}) AS low, max(${shoes.priceCents}) AS high
          FROM ${shoes} WHERE ${and(...Object.values(filterConditions(filters))) ?? sql`true`}`),
    ]);
    const total = grouped.rows.find((row) => Number(row.grouping) === 7);
    return {
      rows: grouped.rows,
      totals: {
        on_sale: total?.on_sale ?? 0,
        low: prices.rows[0]?.low ?? null,
        high: prices.rows[0]?.high ?? null,
      },
    };
  }

  /**
   * With a search or a price, from the shoes: passes over a narrow covering index (shoes_facets_idx),
   * one grouping three ways and one aggregate for the sale count and the price range, run side by
   * side (each aggregate is worked out for every grouping set, so they are kept apart).
   */
  async function fromShoes(conditions: FilterConditions, scope: SQL) {
    const base = sql`(SELECT ${shoes.sizesInStock} AS mask, ${shoes.color} AS color, ${shoes.brandId} AS brand,
                             ${shoes.onSale} AS sale, ${shoes.priceCents} AS price, ${flags(conditions)}
                        FROM ${shoes} WHERE ${scope} OFFSET 0) AS base`;
    const [grouped, totals] = await Promise.all([
      db.execute<FacetRow>(sql`
        SELECT grouping(mask, color, brand) AS grouping, mask, color, brand,
               (count(*) FILTER (WHERE ${others('z')}))::int AS by_mask,
               (count(*) FILTER (WHERE ${others('c')}))::int AS by_color,
               (count(*) FILTER (WHERE ${others('b')}))::int AS by_brand
          FROM ${base}
         GROUP BY GROUPING SETS ((mask), (color), (brand))`),
      db.execute<FacetTotals>(sql`
        SELECT (count(*) FILTER (WHERE ${others('o')} AND sale))::int AS on_sale,
               min(price) FILTER (WHERE ${others('p')}) AS low,
               max(price) FILTER (WHERE ${others('p')}) AS high
          FROM ${base}`),
    ]);
    return { rows: grouped.rows, totals: totals.rows[0] };
  }

  return {
    async facets(query: ShoeFilters & { scope: FilterScope[] }): Promise<ShoeFacets> {
      const filters = canonicalFilters(query);
      const search = filters.search;
      const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
      const brandList = db.select({ id: brands.id, name: brands.name }).from(brands);
      if (!search && !priced) {
        const [counted, brandRows] = await Promise.all([fromCounts(filters, query.scope), brandList]);
        return facetsOf(counted.rows, counted.totals, brandRows);
      }
      const conditions = filterConditions(filters);
      // A search bounds the page's whole selection (the /search page), as its scope does: the
      // facets count among the shoes it considers (decision 033).
      const scoped = scopeOf(conditions, query.scope);
      const candidates = search ? await findSearchCandidates(db, search, scoped) : undefined;
      const scope = and(scoped, candidates ? searchMatches(candidates) : undefined) ?? sql`true`;
      const [found, brandRows] = await Promise.all([fromShoes(conditions, scope), brandList]);
      const facets = facetsOf(found.rows, found.totals, brandRows);
      return candidates?.complete === false ? { ...facets, partial: true } : facets;
    },

    /**
     * Folds the counts' rows of changes into one row per key (decision 035), after a change has
     * committed. One fold at a time (the others skip: the next change folds what they would have);
     * rows written after the fold's snapshot stay for the next. Answers the keys folded.
     */
    foldFacetCounts(): Promise<number> {
      return db.transaction(async (tx) => {
        const [lock] = (
          await tx.execute<{ got: boolean }>(
            sql`SELECT pg_try_advisory_xact_lock(hashtextextended('shoe_facet_counts:fold', 0)) AS got`,
          )
        ).rows;
        if (!lock?.got) return 0;
        const folded = await tx.execute(sql`
          WITH touched AS (
                 SELECT DISTINCT brand_id, color, sizes_in_stock, on_sale FROM ${shoeFacetCounts} WHERE NOT folded),
               gone AS (
                 DELETE FROM ${shoeFacetCounts} c USING touched t
                  WHERE (c.brand_id, c.color, c.sizes_in_stock, c.on_sale) = (t.brand_id, t.color, t.sizes_in_stock, t.on_sale)
                  RETURNING c.brand_id, c.color, c.sizes_in_stock, c.on_sale, c.shoes)
          INSERT INTO ${shoeFacetCounts} (brand_id, color, sizes_in_stock, on_sale, shoes, folded)
          SELECT brand_id, color, sizes_in_stock, on_sale, sum(shoes), true FROM gone
           GROUP BY 1, 2, 3, 4 HAVING sum(shoes) <> 0`);
        return folded.rowCount ?? 0;
      });
    },
  };
}

/** The answer from the grouped rows (grouping(): the columns a row is not grouped by, as bits 4, 2, 1). */
function facetsOf(
  rows: readonly FacetRow[],
  totals: FacetTotals | undefined,
  brandRows: readonly { id: string; name: string }[],
): ShoeFacets {
  const brandNames = new Map(brandRows.map((brand) => [brand.id, brand.name]));
  const sizeCounts = new Map(CHART_SIZES.map((size) => [size, 0]));
  const colors = new Map<string, FacetValue>();
  const brandValues: FacetValue[] = [];
  for (const row of rows) {
    // A key every shoe has left: nothing is found there.
    if (row.present !== undefined && Number(row.present) === 0) continue;
    const grouping = Number(row.grouping);
    if (grouping === 3) {
      for (const size of CHART_SIZES) {
        if (Number(row.mask) & sizeBit(size))
          sizeCounts.set(size, sizeCounts.get(size)! + Number(row.by_mask));
      }
    } else if (grouping === 5) {
      // Colours as stored, merged whatever their case.
      const key = row.color!.toLowerCase();
      const seen = colors.get(key);
      if (seen) seen.count += Number(row.by_color);
      else colors.set(key, { value: row.color!, count: Number(row.by_color) });
    } else if (grouping === 6) {
      brandValues.push({ value: brandNames.get(row.brand!) ?? '', count: Number(row.by_brand) });
    }
  }
  const byName = (a: { value: string }, b: { value: string }) =>
    a.value.localeCompare(b.value, 'en', { sensitivity: 'base' });
  return {
    sizes: CHART_SIZES.map((size) => ({ value: size, count: sizeCounts.get(size)! })),
    colors: [...colors.values()].sort(byName),
    brands: brandValues.sort(byName),
    onSale: Number(totals?.on_sale ?? 0),
    price: {
      min: totals?.low == null ? null : Number(totals.low) / 100,
      max: totals?.high == null ? null : Number(totals.high) / 100,
    },
  };
}
