import { and, asc, eq, ilike, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Shoe, ShoeListQuery, StockEntry } from '../../../domain/catalog.js';
import { compareSizes } from '../../../domain/size-chart.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { brands, shoes, stockEntries } from '../../db/schema.js';

const shoeColumns = {
  id: shoes.id,
  name: shoes.name,
  brand: brands.name,
  image: shoes.image,
  description: shoes.description,
  color: shoes.color,
  priceCents: shoes.priceCents,
  onSale: shoes.onSale,
  version: shoes.version,
};

type ShoeRow = { [K in keyof typeof shoeColumns]: (typeof shoeColumns)[K]['_']['data'] };

function toShoe(row: ShoeRow, stock: StockEntry[]): Shoe {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    image: row.image,
    description: row.description,
    color: row.color,
    price: row.priceCents / 100,
    onSale: row.onSale,
    stock,
    version: row.version,
  };
}

/** Keeps a list's count between its pages (the catalogue cache does, see response-cache.ts). */
export type RememberCount = (key: string, compute: () => Promise<number>) => Promise<number>;

export function createCatalogRepository(
  db: Database,
  rememberCount: RememberCount = (_key, compute) => compute(),
) {
  async function stockFor(shoeIds: string[]): Promise<Map<string, StockEntry[]>> {
    const byShoe = new Map<string, StockEntry[]>(shoeIds.map((id) => [id, []]));
    if (shoeIds.length === 0) return byShoe;
    const rows = await db
      .select({
        id: stockEntries.id,
        shoeId: stockEntries.shoeId,
        size: stockEntries.size,
        quantity: stockEntries.quantity,
      })
      .from(stockEntries)
      .where(inArray(stockEntries.shoeId, shoeIds));
    for (const row of rows)
      byShoe.get(row.shoeId)?.push({ _id: row.id, size: row.size, quantity: row.quantity });
    for (const entries of byShoe.values()) entries.sort((a, b) => compareSizes(a.size, b.size));
    return byShoe;
  }

  async function withStock(rows: ShoeRow[]): Promise<Shoe[]> {
    const stock = await stockFor(rows.map((row) => row.id));
    return rows.map((row) => toShoe(row, stock.get(row.id) ?? []));
  }

  async function findShoes(ids: string[]): Promise<Shoe[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select(shoeColumns)
      .from(shoes)
      .innerJoin(brands, eq(shoes.brandId, brands.id))
      .where(inArray(shoes.id, ids));
    return withStock(rows);
  }

  return {
    /**
     * One page of shoes and the number of matches, in one round trip: the page (filtered, ranked,
     * counted by the window, sorted, cut) is a derived table, and only its rows get their stock,
     * gathered as JSON by a correlated subquery (docs/performance.md, "Search").
     */
    async listShoes(query: Omit<ShoeListQuery, 'name'> & { name?: string; onSale?: boolean }) {
      const conditions: SQL[] = [];
      const search = query.name?.trim().toLowerCase();
      if (query.brand) conditions.push(sql`lower(${brands.name}) = ${query.brand.toLowerCase()}`);
      if (query.color) conditions.push(sql`lower(${shoes.color}) = ${query.color.toLowerCase()}`);
      if (query.onSale !== undefined) conditions.push(eq(shoes.onSale, query.onSale));
      if (search) {
        // Substring match, or a close trigram match so that a typo still finds the shoe.
        conditions.push(sql`(${ilike(shoes.name, containsPattern(search))} OR ${search} <% ${shoes.name})`);
      }
      // word_similarity computed once a match, as a column the sort reuses (not again in ORDER BY).
      const relevance = search ? sql<number>`word_similarity(${search}, ${shoes.name})` : sql<number>`0`;
      const page = db
        .select({
          ...shoeColumns,
          // Aliased: in a subquery the brand's `name` would clash with the shoe's.
          brand: sql<string>`${brands.name}`.as('brand'),
          relevance: relevance.as('relevance'),
        })
        .from(shoes)
        .innerJoin(brands, eq(shoes.brandId, brands.id))
        .where(and(...conditions))
        .orderBy(
          ...listOrder({
            relevance: sql`relevance`,
            priceCents: shoes.priceCents,
            name: shoes.name,
            id: shoes.id,
          }),
        )
        .limit(query.limit)
        .offset(query.offset)
        .as('page');
      const pageRows = db
        .select({
          id: page.id,
          name: page.name,
          brand: page.brand,
          image: page.image,
          description: page.description,
          color: page.color,
          priceCents: page.priceCents,
          onSale: page.onSale,
          version: page.version,
          // Spelled out: Drizzle leaves columns unqualified in a select from a subquery.
          stock: sql<[string, string, number][] | null>`(
            SELECT json_agg(json_build_array(e.id, e.size, e.quantity)) FROM ${stockEntries} e WHERE e.shoe_id = page.id)`,
        })
        .from(page)
        .orderBy(...listOrder(page));
      // Counted apart from the page: a window count(*) over the page query would make every request
      // read and sort all matching rows, where the page alone is the first rows of an index scan.
      const counted = db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(shoes)
        .$dynamic();
      const countQuery = (
        query.brand ? counted.innerJoin(brands, eq(shoes.brandId, brands.id)) : counted
      ).where(and(...conditions));
      const countKey = JSON.stringify([
        query.brand?.toLowerCase(),
        query.color?.toLowerCase(),
        query.onSale,
        search,
      ]);
      const [rows, total] = await Promise.all([
        pageRows,
        rememberCount(countKey, async () => (await countQuery)[0]?.total ?? 0),
      ]);
      const items = rows.map(({ stock, ...row }) =>
        toShoe(
          row,
          (stock ?? [])
            .map(([id, size, quantity]) => ({ _id: id, size, quantity }))
            .sort((a, b) => compareSizes(a.size, b.size)),
        ),
      );
      return { items, total };

      /** Best match first (searches only), then the chosen price order, then by name. */
      function listOrder(
        columns: Record<'relevance' | 'priceCents' | 'name' | 'id', AnyColumn | SQLWrapper>,
      ) {
        return [
          ...(search ? [sql`${columns.relevance} DESC`] : []),
          ...(query.sort === 'price_asc' ? [sql`${columns.priceCents} ASC`] : []),
          ...(query.sort === 'price_desc' ? [sql`${columns.priceCents} DESC`] : []),
          sql`${columns.name} ASC`,
          sql`${columns.id} ASC`,
        ];
      }
    },

    findShoes,

    async findShoe(id: string): Promise<Shoe | undefined> {
      const [shoe] = await findShoes([id]);
      return shoe;
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
