import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
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

export function createCatalogRepository(db: Database) {
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
      const order = [
        ...(search ? [sql`word_similarity(${search}, ${shoes.name}) DESC`] : []),
        ...(query.sort === 'price_asc' ? [asc(shoes.priceCents)] : []),
        ...(query.sort === 'price_desc' ? [desc(shoes.priceCents)] : []),
        asc(shoes.name),
        asc(shoes.id),
      ];
      const rows = await db
        .select({ ...shoeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(shoes)
        .innerJoin(brands, eq(shoes.brandId, brands.id))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && query.offset > 0) {
        const [counted] = await db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(shoes)
          .innerJoin(brands, eq(shoes.brandId, brands.id))
          .where(and(...conditions));
        total = counted?.total ?? 0;
      }
      return { items: await withStock(rows), total };
    },

    findShoes,

    async findShoe(id: string): Promise<Shoe | undefined> {
      const [shoe] = await findShoes([id]);
      return shoe;
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
