import { and, asc, eq, ilike, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Shoe, StockEntry } from '../../../domain/catalog.js';
import { canonicalFilters, NO_FILTERS, type ShoeFilters } from '../../../domain/shoe-filters.js';
import { compareSizes } from '../../../domain/size-chart.js';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteNamedStatement } from '../../db/pglite-named-statement.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { brands, shoeImages, shoes, stockEntries } from '../../db/schema.js';
import { CACHE_TAGS } from '../../cache/cache-tags.js';
import { createFacetsRepository } from './facets-repository.js';
import { filterConditions } from './filter-conditions.js';
import { findSearchCandidates, searchMatches, searchRelevance } from './search-repository.js';

/** A filtered list with this many matches or fewer is sorted rather than read in its order's index. */
const FEW_MATCHES = 10_000;

const shoeColumns = {
  id: shoes.id,
  name: shoes.name,
  brand: brands.name,
  image: shoes.image,
  description: shoes.description,
  color: shoes.color,
  priceCents: shoes.priceCents,
  compareAtCents: shoes.compareAtCents,
  onSale: shoes.onSale,
  version: shoes.version,
};

type StockJson = [id: string, size: string, quantity: number, sku: string, gtin: string | null][] | null;

/** A shoe's stock entries as one JSON column, by a correlated subquery on `stock_entries (shoe_id, size)`. */
const stockJson = (shoeId: SQL) =>
  sql<StockJson>`(SELECT json_agg(json_build_array(e.id, e.size, e.quantity, e.sku, e.gtin)) FROM ${stockEntries} e WHERE e.shoe_id = ${shoeId})`;

/**
 * The entries as the API answers them: the spec's three fields in lists, and with each size's SKU and
 * GTIN (issue 33 item 2) in the answer of one shoe, the page that shows them and the admin forms read.
 */
const stockEntriesOf = (stock: StockJson, withCodes = false): StockEntry[] =>
  (stock ?? [])
    .map(([id, size, quantity, sku, gtin]) => ({
      _id: id,
      size,
      quantity,
      ...(withCodes ? { sku, ...(gtin ? { gtin } : {}) } : {}),
    }))
    .sort((a, b) => compareSizes(a.size, b.size));

type ShoeRow = {
  [K in keyof typeof shoeColumns]: (typeof shoeColumns)[K]['_']['notNull'] extends true
    ? (typeof shoeColumns)[K]['_']['data']
    : (typeof shoeColumns)[K]['_']['data'] | null;
};

function toShoe(row: ShoeRow, stock: StockEntry[]): Shoe {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    image: row.image,
    description: row.description,
    color: row.color,
    price: row.priceCents / 100,
    // Left out when not set: the spec's shoe has no such field.
    ...(row.compareAtCents === null ? {} : { compareAtPrice: row.compareAtCents / 100 }),
    onSale: row.onSale,
    stock,
    version: row.version,
  };
}

/**
 * Keeps a list's count between its pages (the catalogue cache does, see response-cache.ts) until
 * something it depends on (`tags`, cache-tags.ts) changes.
 */
export type RememberCount = (
  key: string,
  compute: () => Promise<number>,
  tags: readonly string[],
) => Promise<number>;

export function createCatalogRepository(
  db: Database,
  rememberCount: RememberCount = (_key, compute) => compute(),
  /** The embedded database itself, when it is the one: its hot lookups run as named statements. */
  pglite?: PGlite,
  /** A filtered list with at most this many matches is sorted rather than read in its order (tests lower it). */
  sortAtMost = FEW_MATCHES,
) {
  const facetsRepository = createFacetsRepository(db);

  /** Shoes with their brand and their stock (and the columns of `extra`), in one round trip. */
  const shoesWithStock = <Extra extends Record<string, SQL>>(extra = {} as Extra) =>
    db
      .select({ ...shoeColumns, stock: stockJson(sql`${shoes.id}`), ...extra })
      .from(shoes)
      .innerJoin(brands, eq(shoes.brandId, brands.id));

  /** A shoe's gallery in order, as JSON, read beside the shoe (no second round trip). */
  const photosJson = sql<
    { url: string; alt: string }[]
  >`(SELECT coalesce(json_agg(json_build_object('url', ${shoeImages.image}, 'alt', ${shoeImages.alt}) ORDER BY ${shoeImages.position}), '[]'::json) FROM ${shoeImages} WHERE ${shoeImages.shoeId} = ${shoes.id})`;
  /** One shoe with its brand, its stock and its gallery: a shoe's page and `GET /api/shoes/{id}`. */
  const shoeWithPhotos = () => shoesWithStock({ photos: photosJson });

  // A shoe's page reads this one most. On PGlite it is parsed and planned once and then run by name
  // (db/pglite-named-statement.ts): its query API parses and plans every statement again. On
  // PostgreSQL it stays unnamed: a named statement lives on one server connection, and behind
  // PgBouncer in transaction mode (docs/deployment.md) the next call may get another.
  const shoeByIdOnPglite =
    pglite &&
    pgliteNamedStatement(
      pglite,
      'catalog_shoe_by_id',
      shoeWithPhotos()
        .where(eq(shoes.id, sql.placeholder('id')))
        .toSQL().sql,
    );
  const shoeColumnNames = Object.keys(shoeColumns) as (keyof typeof shoeColumns)[];

  async function findShoeById(id: string) {
    if (!shoeByIdOnPglite) return (await shoeWithPhotos().where(eq(shoes.id, id)))[0];
    const [row] = await shoeByIdOnPglite([id]);
    if (!row) return undefined;
    // The columns in the select's order, then the stock and the gallery.
    const shoe = Object.fromEntries(shoeColumnNames.map((name, i) => [name, row[i]])) as ShoeRow;
    return {
      ...shoe,
      stock: row[shoeColumnNames.length] as StockJson,
      photos: row[shoeColumnNames.length + 1] as { url: string; alt: string }[],
    };
  }

  async function findShoes(ids: string[]): Promise<Shoe[]> {
    if (ids.length === 0) return [];
    const rows = await shoesWithStock().where(inArray(shoes.id, ids));
    return rows.map(({ stock, ...row }) => toShoe(row, stockEntriesOf(stock)));
  }

  return {
    /**
     * One page of shoes and the number of matches: the count first (kept between pages), then the
     * page (filtered, ranked, sorted, cut) as a derived table of ids and sort keys, and only its rows
     * get their columns and stock, gathered as JSON by a correlated subquery (docs/performance.md,
     * "Search" and "The filtered page").
     */
    async listShoes(query: Partial<ShoeFilters> & { offset: number; limit: number }) {
      const filters = canonicalFilters({ ...NO_FILTERS, ...query });
      const search = filters.search;
      const conditions: SQL[] = Object.values(filterConditions(filters)).filter((c) => c !== undefined);
      // A search first reads the shoes it considers, the list's filters applied (decision 033).
      const candidates = search ? await findSearchCandidates(db, search, and(...conditions)) : undefined;
      if (candidates) conditions.push(searchMatches(candidates));
      // Past the cap, the list is the best of the shoes considered (at most the cap of them, so paging
      // ends there by itself), and its count a lower bound.
      const cut = candidates?.complete === false;
      // Counted apart from the page: a window count(*) over the page query would make every request
      // read and sort all matching rows, where the page alone is the first rows of an index scan.
      const countQuery = db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(shoes)
        .where(and(...conditions));
      const { sort: _sort, ...counted } = filters;
      // A search's candidates are its matches, the filters held: counted as they were read.
      const total = candidates
        ? candidates.ids.length
        : await rememberCount(
            JSON.stringify(counted),
            async () => (await countQuery)[0]?.total ?? 0,
            // Of the filters, only the sizes depend on stock.
            filters.sizes.length > 0 ? [CACHE_TAGS.sizesInStock] : [],
          );
      // Few matches of a colour or a brand are read through that filter's covering index and sorted;
      // left to itself, PostgreSQL would walk the order's index and test shoe after shoe until it has
      // a page (40,032 shoes for Navy in size 10 by name at 100,000: docs/performance.md, "The
      // filtered page"). The sort keys written as expressions (`name || ''`) are the same order that
      // no index offers. The other filters have no index of their own to read (sizes), or one in the
      // sort's order (the sale's prices): those keep the order's index.
      const indexedFilter = filters.colors.length > 0 || filters.brands.length > 0;
      const sortMatches = !search && indexedFilter && total <= sortAtMost;
      const unindexed = (column: AnyColumn, zero: SQL) => (sortMatches ? sql`(${column} ${zero})` : column);
      // The page as ids and sort keys first (an index-only read of a covering index where one serves),
      // then only its rows with their columns, brand and stock. Computed once a match, the relevance
      // is a column the sort reuses (not again in ORDER BY).
      const ordered = db
        .select({
          id: shoes.id,
          sortName: sql<string>`${unindexed(shoes.name, sql`|| ''`)}`.as('sort_name'),
          sortPrice: sql<number>`${unindexed(shoes.priceCents, sql`+ 0`)}`.as('sort_price'),
          sortCreated: sql<Date>`${unindexed(shoes.createdAt, sql`+ interval '0 s'`)}`.as('sort_created'),
          sortSold: sql<number>`${unindexed(shoes.unitsSold, sql`+ 0`)}`.as('sort_sold'),
          relevance: (search ? searchRelevance(search, brands.name) : sql<number>`0`).as('relevance'),
        })
        .from(shoes)
        .$dynamic();
      // The brand's name only ranks a search's matches (a brand filter is a condition on the shoe).
      const ranked = search ? ordered.innerJoin(brands, eq(shoes.brandId, brands.id)) : ordered;
      const page = ranked
        .where(and(...conditions))
        .orderBy(
          ...listOrder({
            relevance: sql`relevance`,
            priceCents: sql`sort_price`,
            createdAt: sql`sort_created`,
            unitsSold: sql`sort_sold`,
            name: sql`sort_name`,
            id: shoes.id,
          }),
        )
        .limit(query.limit)
        .offset(query.offset)
        .as('page');
      const rows = await db
        .select({ ...shoeColumns, stock: stockJson(sql`${shoes.id}`) })
        .from(page)
        .innerJoin(shoes, eq(shoes.id, page.id))
        .innerJoin(brands, eq(shoes.brandId, brands.id))
        // Spelled out: the page's own columns, not the shoe's of the same name.
        .orderBy(
          ...listOrder({
            relevance: sql`page.relevance`,
            priceCents: sql`page.sort_price`,
            createdAt: sql`page.sort_created`,
            unitsSold: sql`page.sort_sold`,
            name: sql`page.sort_name`,
            id: sql`page.id`,
          }),
        );
      const items = rows.map(({ stock, ...row }) => toShoe(row, stockEntriesOf(stock)));
      return { items, total, ...(cut ? { totalIsLowerBound: true } : {}) };

      /**
       * Best match first (searches only), then the chosen order, then by name. Each order has an
       * index a list walks; a colour or brand filter's sorted read (`sortAtMost`) orders the same
       * keys written as expressions, so that it reads the filter's index and sorts instead.
       */
      function listOrder(
        columns: Record<
          'relevance' | 'priceCents' | 'createdAt' | 'unitsSold' | 'name' | 'id',
          AnyColumn | SQLWrapper
        >,
      ) {
        const chosen = {
          price_asc: [sql`${columns.priceCents} ASC`],
          price_desc: [sql`${columns.priceCents} DESC`],
          newest: [sql`${columns.createdAt} DESC`],
          best_selling: [sql`${columns.unitsSold} DESC`],
        };
        return [
          ...(search ? [sql`${columns.relevance} DESC`] : []),
          ...(filters.sort ? chosen[filters.sort] : []),
          sql`${columns.name} ASC`,
          sql`${columns.id} ASC`,
        ];
      }
    },

    ...facetsRepository,

    findShoes,

    /** One shoe with its stock and its gallery (`images`, the cover first: issue 33 item 1). */
    async findShoe(id: string): Promise<Shoe | undefined> {
      const row = await findShoeById(id);
      if (!row) return undefined;
      const { stock, photos, ...shoe } = row;
      // A shoe written without its gallery still shows its one picture.
      const images = photos.length > 0 ? photos : [{ url: shoe.image, alt: shoe.name }];
      return { ...toShoe(shoe, stockEntriesOf(stock, true)), images };
    },

    /** Whether a shoe with this id exists (favorites and reviews name shoes by id). */
    async shoeExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: shoes.id }).from(shoes).where(eq(shoes.id, id));
      return Boolean(row);
    },

    /** Brands by name, optionally those whose name contains `q`, with the total for paging. */
    async listBrands(query: { q?: string; offset: number; limit: number }) {
      const where = query.q ? ilike(brands.name, containsPattern(query.q)) : undefined;
      const [items, [counted]] = await Promise.all([
        db
          .select({ _id: brands.id, name: brands.name })
          .from(brands)
          .where(where)
          .orderBy(asc(brands.name), asc(brands.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(brands)
          .where(where),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    async listColors(brand?: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ color: shoes.color })
        .from(shoes)
        .innerJoin(brands, eq(shoes.brandId, brands.id))
        .where(brand ? sql`lower(${brands.name}) = ${brand.toLowerCase()}` : undefined)
        .orderBy(asc(shoes.color))
        .limit(200);
      return rows.map((row) => row.color);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
