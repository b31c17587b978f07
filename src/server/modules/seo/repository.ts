import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, shoes } from '../../db/schema.js';

/** What the sitemap lists: every shoe (by id, with its last change) and every brand. */
export function createSeoRepository(db: Database) {
  return {
    async shoeCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shoes);
      return row?.n ?? 0;
    },

    shoes(offset: number, limit: number) {
      return db
        .select({ id: shoes.id, updatedAt: shoes.updatedAt })
        .from(shoes)
        .orderBy(asc(shoes.id))
        .limit(limit)
        .offset(offset);
    },

    brandNames(limit: number) {
      return db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)).limit(limit);
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
