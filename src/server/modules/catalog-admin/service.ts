import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SHOE_IMAGE_MAX_WIDTH,
  SHOE_LIMITS,
  type createShoeSchema,
  type createSizeSchema,
  type modifyShoeSchema,
} from '../../../domain/admin.js';
import { isUuid, type Brand, type Shoe } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { Database } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/postgres-errors.js';
import { brands, shoes, stockEntries } from '../../db/schema.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { ImageStore } from '../../storage/image-store.js';
import { NotAnImageError, toWebp } from '../../storage/to-webp.js';
import type { CatalogRepository } from '../catalog/repository.js';

type CreateShoe = z.output<typeof createShoeSchema>;
type ModifyShoe = z.output<typeof modifyShoeSchema>;
type CreateSize = z.output<typeof createSizeSchema>;

const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation', message, { [field]: message });

const toCents = (dollars: string) => Number(dollars) * 100;

/**
 * The shop owner's changes to the catalogue (spec §2 admin forms). Past orders
 * are untouched by design: their lines carry their own name, image and price.
 */
export function createCatalogAdminService(deps: {
  db: Database;
  catalog: CatalogRepository;
  images: ImageStore;
}) {
  const { db, catalog, images } = deps;

  async function shoeOrNotFound(id: string): Promise<Shoe> {
    const shoe = isUuid(id) ? await catalog.findShoe(id) : undefined;
    if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
    return shoe;
  }

  /** The brand named in a form, case-insensitively; the form's brand field answers when there is none. */
  async function brandIdOf(name: string): Promise<string> {
    const [brand] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(sql`lower(${brands.name}) = ${name.toLowerCase()}`);
    if (!brand) throw fieldError('brand', MESSAGES.adminForm.brand);
    return brand.id;
  }

  /** Resized to WebP and stored under the shoe's id and the image's hash, never under the upload's name. */
  async function storeImage(shoeId: string, bytes: Buffer): Promise<string> {
    let webp: Buffer;
    try {
      webp = await toWebp(bytes, {
        fit: 'inside',
        width: SHOE_IMAGE_MAX_WIDTH,
        height: SHOE_IMAGE_MAX_WIDTH,
      });
    } catch (error) {
      if (!(error instanceof NotAnImageError)) throw error;
      throw new HttpError(415, 'unsupported_media_type', MESSAGES.adminForm.image, {
        image: MESSAGES.adminForm.image,
      });
    }
    const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16);
    return images.put(`shoes/${shoeId}-${hash}.webp`, webp, 'image/webp');
  }

  async function reload(id: string): Promise<Shoe> {
    return shoeOrNotFound(id);
  }

  return {
    async createShoe(input: CreateShoe, image: Buffer | undefined): Promise<{ message: string; shoe: Shoe }> {
      if (!image) throw fieldError('image', MESSAGES.adminForm.image);
      const brandId = await brandIdOf(input.brand);
      const id = crypto.randomUUID();
      const imageUrl = await storeImage(id, image);
      await db.transaction(async (tx) => {
        await tx.insert(shoes).values({
          id,
          name: input.name,
          brandId,
          description: input.description,
          color: input.color,
          priceCents: toCents(input.price),
          image: imageUrl,
        });
        await tx.insert(stockEntries).values({ shoeId: id, size: input.size, quantity: Number(input.q) });
      });
      return { message: MESSAGES.admin.shoeCreated, shoe: await reload(id) };
    },

    /**
     * Every field at once, as the Modify form sends them; `q` becomes the chosen size's
     * quantity. With `version`, an edit based on an outdated copy is refused (409).
     */
    async modifyShoe(
      id: string,
      input: ModifyShoe,
      image: Buffer | undefined,
    ): Promise<{ message: string; shoe: Shoe }> {
      const current = await shoeOrNotFound(id);
      if (input.version !== undefined && Number(input.version) !== current.version) {
        throw conflict(MESSAGES.admin.staleShoe);
      }
      const entry = current.stock.find((candidate) => Number(candidate.size) === Number(input.size));
      if (!entry) throw fieldError('size', MESSAGES.adminForm.size);
      const brandId = await brandIdOf(input.brand);
      const imageUrl = image ? await storeImage(id, image) : undefined;
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(shoes)
          .set({
            name: input.name,
            brandId,
            color: input.color,
            priceCents: toCents(input.price),
            description: input.description,
            ...(input.onSale === undefined ? {} : { onSale: input.onSale === 'true' }),
            ...(imageUrl ? { image: imageUrl } : {}),
            version: sql`${shoes.version} + 1`,
            updatedAt: new Date(),
          })
          // Compare-and-set: a concurrent edit that committed first makes this one a 409.
          .where(and(eq(shoes.id, id), eq(shoes.version, current.version)))
          .returning({ id: shoes.id });
        if (updated.length === 0) throw conflict(MESSAGES.admin.staleShoe);
        await tx
          .update(stockEntries)
          .set({ quantity: Number(input.q) })
          .where(eq(stockEntries.id, entry._id));
      });
      return { message: MESSAGES.admin.shoeModified, shoe: await reload(id) };
    },

    /** Adds a size, or adds the quantity to the size when the shoe already has it. */
    async addSize(id: string, input: CreateSize): Promise<{ message: string; shoe: Shoe }> {
      const current = await shoeOrNotFound(id);
      const quantity = Number(input.q);
      const existing = current.stock.find((entry) => entry.size === input.size);
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > SHOE_LIMITS.maxQuantity) throw fieldError('q', MESSAGES.adminForm.quantity);
      await db.transaction(async (tx) => {
        // The shoe row first, then its stock, in the same order as modifyShoe: taking the two locks in
        // opposite orders deadlocked a restock racing a modify on PostgreSQL (a 500 for one of them).
        const bumped = await tx
          .update(shoes)
          .set({ version: sql`${shoes.version} + 1`, updatedAt: new Date() })
          .where(eq(shoes.id, id))
          .returning({ id: shoes.id });
        if (bumped.length === 0) throw notFound(MESSAGES.catalog.shoeNotFound);
        const stocked = await tx
          .insert(stockEntries)
          .values({ shoeId: id, size: input.size, quantity })
          .onConflictDoUpdate({
            target: [stockEntries.shoeId, stockEntries.size],
            set: { quantity: sql`${stockEntries.quantity} + ${quantity}` },
            // Checked again under the lock: two restocks at once must not pass the limit together.
            setWhere: sql`${stockEntries.quantity} + ${quantity} <= ${SHOE_LIMITS.maxQuantity}`,
          })
          .returning({ id: stockEntries.id });
        if (stocked.length === 0) throw fieldError('q', MESSAGES.adminForm.quantity);
      });
      const shoe = await reload(id);
      const now = shoe.stock.find((entry) => entry.size === input.size)?.quantity ?? total;
      const message = existing
        ? MESSAGES.admin.sizeRestocked(input.size, now)
        : MESSAGES.admin.sizeAdded(input.size, quantity);
      return { message, shoe };
    },

    async setOnSale(id: string, onSale: boolean): Promise<{ message: string; shoe: Shoe }> {
      const updated = isUuid(id)
        ? await db
            .update(shoes)
            .set({ onSale, version: sql`${shoes.version} + 1`, updatedAt: new Date() })
            .where(eq(shoes.id, id))
            .returning({ name: shoes.name })
        : [];
      if (!updated[0]) throw notFound(MESSAGES.catalog.shoeNotFound);
      const message = onSale
        ? MESSAGES.admin.onSale(updated[0].name)
        : MESSAGES.admin.offSale(updated[0].name);
      return { message, shoe: await reload(id) };
    },

    /**
     * Its stock, favorites and reviews go with it; order lines keep their copy of
     * the shoe (and its image file stays, since they show it).
     */
    async deleteShoe(id: string): Promise<{ message: string }> {
      const deleted = isUuid(id)
        ? await db.delete(shoes).where(eq(shoes.id, id)).returning({ id: shoes.id })
        : [];
      if (deleted.length === 0) throw notFound(MESSAGES.catalog.shoeNotFound);
      return { message: MESSAGES.admin.deleted };
    },

    async createBrand(name: string): Promise<{ message: string; brand: Brand }> {
      try {
        const [brand] = await db
          .insert(brands)
          .values({ name })
          .returning({ _id: brands.id, name: brands.name });
        return { message: MESSAGES.admin.brandCreated(brand!.name), brand: brand! };
      } catch (error) {
        // Names are unique case-insensitively (a unique index on lower(name)).
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'conflict', MESSAGES.admin.brandExists, {
            name: MESSAGES.admin.brandExists,
          });
        }
        throw error;
      }
    },

    /** Refused while shoes of the brand exist: deleting a brand must never delete shoes by surprise. */
    async deleteBrand(id: string): Promise<{ message: string }> {
      if (!isUuid(id)) throw notFound(MESSAGES.admin.brandNotFound);
      const [shoesOfBrand] = await db.select({ n: count() }).from(shoes).where(eq(shoes.brandId, id));
      if ((shoesOfBrand?.n ?? 0) > 0) throw conflict(MESSAGES.admin.brandHasShoes);
      try {
        const deleted = await db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id });
        if (deleted.length === 0) throw notFound(MESSAGES.admin.brandNotFound);
      } catch (error) {
        // A shoe created between the count and the delete: the foreign key refuses.
        if (isForeignKeyViolation(error)) throw conflict(MESSAGES.admin.brandHasShoes);
        throw error;
      }
      return { message: MESSAGES.admin.deleted };
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
