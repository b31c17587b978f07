import { and, count, eq, sql } from 'drizzle-orm';
import type { Brand } from '../../../domain/catalog.js';
import type { Database } from '../../db/client.js';
import { recordAudit, type Audited } from '../../audit/audit-writer.js';
import { brokenUniqueIndex, isForeignKeyViolation, isUniqueViolation } from '../../db/postgres-errors.js';
import { brands, shoes } from '../../db/schema.js';
import type { DomainEvent } from '../../events/domain-events.js';
import { recordEvents } from '../../events/outbox-repository.js';
import { addNewShoeSizes, addPairs, setQuantity, type SizeCodes } from '../../stock/stock-writer.js';
import { writeCover } from './gallery/repository.js';

/** A shoe's fields as the admin forms set them, in the database's units (cents). */
export interface ShoeFields {
  name: string;
  brandId: string;
  description: string;
  color: string;
  priceCents: number;
  /** The "compare at" price; null for none. Left out of an update, the shoe's stays. */
  compareAtCents?: number | null;
}

/**
 * A catalogue write's trail, in its own transaction: the staff audit entry, and the catalog.changed
 * event that drops every cached catalogue answer once it commits (docs/decisions/017).
 */
async function recordCatalogChange(
  tx: Parameters<typeof recordAudit>[0],
  audited: Audited,
  shoeEvent?: DomainEvent,
): Promise<void> {
  await recordAudit(tx, audited);
  // The shoe's own event (shoe.created, updated, deleted) is for webhooks (docs/decisions/024).
  await recordEvents(tx, [{ type: 'catalog.changed', payload: {} }, ...(shoeEvent ? [shoeEvent] : [])]);
}

/** Thrown inside a transaction to undo what it did so far; never leaves this file. */
class Rollback extends Error {}

/** A size's SKU or GTIN another size has already (their unique indexes, migration 0024). */
export type CodeTaken = 'sku_taken' | 'gtin_taken';

/** The code a write's unique violation was about, or the error again when it was about something else. */
function codeTakenBy(error: unknown): CodeTaken {
  const index = brokenUniqueIndex(error);
  if (index === 'stock_entries_sku_lower_unique') return 'sku_taken';
  if (index === 'stock_entries_gtin_unique') return 'gtin_taken';
  throw error;
}

/**
 * The catalogue's writes (the reads are catalog/repository.ts). Every change to a shoe bumps its
 * `version`, so concurrent edits can tell they raced.
 */
export function createCatalogAdminRepository(db: Database) {
  return {
    /** The brand's id, its name matched whatever its case. */
    async brandIdOf(name: string): Promise<string | undefined> {
      const [brand] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(sql`lower(${brands.name}) = ${name.toLowerCase()}`);
      return brand?.id;
    },

    /** A new shoe with all its sizes (the spec's first one and the size grid's), all or nothing. */
    async insertShoe(
      shoe: ShoeFields & { id: string; image: string },
      sizes: readonly { size: string; quantity: number }[],
      audited: Audited,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(shoes).values(shoe);
        // The gallery starts as the cover, described by the shoe's name (issue 33 item 1).
        await writeCover(tx, shoe.id, shoe.image, shoe.name);
        await addNewShoeSizes(
          tx,
          sizes.map((entry) => ({ shoeId: shoe.id, ...entry })),
        );
        await recordCatalogChange(tx, audited, { type: 'shoe.created', payload: { shoeId: shoe.id } });
      });
    },

    /**
     * Every field at once and one stock entry's quantity, compare-and-set on `version`: false (and
     * nothing changed) when the shoe is gone or changed since that version was read.
     */
    async updateShoe(
      id: string,
      version: number,
      fields: ShoeFields & { onSale?: boolean; image?: string },
      stock: { entryId: string; quantity: number; codes?: SizeCodes },
      audited: Audited,
    ): Promise<boolean | CodeTaken> {
      return db
        .transaction(async (tx) => {
          const updated = await tx
            .update(shoes)
            .set({ ...fields, version: sql`${shoes.version} + 1`, updatedAt: new Date() })
            // Compare-and-set: a concurrent edit that committed first makes this one fail.
            .where(and(eq(shoes.id, id), eq(shoes.version, version)))
            .returning({ id: shoes.id });
          if (updated.length === 0) return false;
          // A new image replaces the cover: row 0 of the gallery and `shoes.image` stay the same picture.
          if (fields.image) await writeCover(tx, id, fields.image, fields.name);
          await setQuantity(tx, stock.entryId, stock.quantity, stock.codes);
          await recordCatalogChange(tx, audited, { type: 'shoe.updated', payload: { shoeId: id } });
          return true;
        })
        .catch(codeTakenBy);
    },

    /**
     * Adds a size, or adds the quantity to the size the shoe already has; refused ('too_many') when
     * that would pass the largest quantity a size may have.
     */
    async addStock(
      id: string,
      size: string,
      quantity: number,
      audited: Audited,
      codes: SizeCodes = {},
    ): Promise<'added' | 'missing' | 'too_many' | CodeTaken> {
      try {
        return await db.transaction(async (tx) => {
          // The shoe row first, then its stock, in the same order as updateShoe: taking the two locks in
          // opposite orders deadlocked a restock racing a modify on PostgreSQL (a 500 for one of them).
          const bumped = await tx
            .update(shoes)
            .set({ version: sql`${shoes.version} + 1`, updatedAt: new Date() })
            .where(eq(shoes.id, id))
            .returning({ id: shoes.id });
          if (bumped.length === 0) return 'missing' as const;
          // Too many (checked again under the lock by the stock's writer): the version bump goes too.
          if (!(await addPairs(tx, { shoeId: id, size, quantity }, codes))) throw new Rollback();
          await recordCatalogChange(tx, audited, { type: 'shoe.updated', payload: { shoeId: id } });
          return 'added' as const;
        });
      } catch (error) {
        if (error instanceof Rollback) return 'too_many';
        return codeTakenBy(error);
      }
    },

    /** The shoe's name, or undefined when there is no such shoe. */
    async setOnSale(id: string, onSale: boolean, audited: Audited): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ onSale: shoes.onSale })
          .from(shoes)
          .where(eq(shoes.id, id))
          .for('update');
        const [updated] = await tx
          .update(shoes)
          .set({ onSale, version: sql`${shoes.version} + 1`, updatedAt: new Date() })
          .where(eq(shoes.id, id))
          .returning({ name: shoes.name });
        if (!updated) return undefined;
        await recordCatalogChange(
          tx,
          {
            actor: audited.actor,
            record: {
              ...audited.record,
              target: { ...audited.record.target, label: updated.name },
              before: { onSale: before?.onSale },
            },
          },
          { type: 'shoe.updated', payload: { shoeId: id } },
        );
        return updated.name;
      });
    },

    /** Whether there was such a shoe. Its stock, favorites and reviews go with it (foreign keys). */
    async deleteShoe(id: string, audited: Audited): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(shoes)
          .where(eq(shoes.id, id))
          .returning({ name: shoes.name, priceCents: shoes.priceCents, color: shoes.color });
        if (deleted.length === 0) return false;
        const [shoe] = deleted;
        await recordCatalogChange(
          tx,
          {
            actor: audited.actor,
            record: {
              ...audited.record,
              target: { ...audited.record.target, label: shoe!.name },
              before: shoe,
            },
          },
          { type: 'shoe.deleted', payload: { shoeId: id, name: shoe!.name } },
        );
        return true;
      });
    },

    /** 'exists' when a brand has that name already, whatever its case (a unique index on lower(name)). */
    async insertBrand(name: string, audited: Audited): Promise<Brand | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          const [brand] = await tx
            .insert(brands)
            .values({ name })
            .returning({ _id: brands.id, name: brands.name });
          await recordCatalogChange(tx, {
            actor: audited.actor,
            record: {
              ...audited.record,
              target: { type: 'brand', id: brand!._id, label: brand!.name },
              after: { name },
            },
          });
          return brand!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** Refused ('has_shoes') while shoes of the brand exist. */
    async deleteBrand(id: string, audited: Audited): Promise<'deleted' | 'missing' | 'has_shoes'> {
      const [shoesOfBrand] = await db.select({ n: count() }).from(shoes).where(eq(shoes.brandId, id));
      if ((shoesOfBrand?.n ?? 0) > 0) return 'has_shoes';
      try {
        return await db.transaction(async (tx) => {
          const deleted = await tx.delete(brands).where(eq(brands.id, id)).returning({ name: brands.name });
          if (deleted.length === 0) return 'missing' as const;
          await recordCatalogChange(tx, {
            actor: audited.actor,
            record: {
              ...audited.record,
              target: { type: 'brand', id, label: deleted[0]!.name },
              before: deleted[0],
            },
          });
          return 'deleted' as const;
        });
      } catch (error) {
        // A shoe created between the count and the delete: the foreign key refuses.
        if (isForeignKeyViolation(error)) return 'has_shoes';
        throw error;
      }
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
