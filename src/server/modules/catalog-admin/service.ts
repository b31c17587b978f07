import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  SHOE_LIMITS,
  type createShoeFieldsSchema,
  type createSizeSchema,
  repeatedSizes,
  type modifyShoeFieldsSchema,
} from '../../../domain/admin.js';
import { isUuid, type Brand, type Shoe } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { ImageStore } from '../../storage/image-store.js';
import type { Actor } from '../../audit/audit-writer.js';
import type { CatalogAdminRepository, CodeTaken } from './repository.js';
import { storeShoeImage } from './store-shoe-image.js';

type CreateShoe = z.output<typeof createShoeFieldsSchema>;
type ModifyShoe = z.output<typeof modifyShoeFieldsSchema>;
type CreateSize = z.output<typeof createSizeSchema>;

const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation', message, { [field]: message });

/** Whole cents: 17.96 * 100 is 1795.9999999999998 in floating point. */
const toCents = (dollars: string) => Math.round(Number(dollars) * 100);

/**
 * A size's codes as a form gives them (issue 33 item 2): a SKU left out or empty keeps the size's; a
 * GTIN left out keeps the size's, empty removes it.
 */
function sizeCodes(input: { sku?: string | undefined; gtin?: string | undefined }) {
  return {
    ...(input.sku ? { sku: input.sku } : {}),
    ...(input.gtin === undefined ? {} : { gtin: input.gtin === '' ? null : input.gtin }),
  };
}

/** A SKU or GTIN another size has: a 409 naming it, on the form's field. */
function codeTaken(taken: CodeTaken, codes: { sku?: string; gtin?: string | null }): HttpError {
  const [field, message] =
    taken === 'sku_taken'
      ? ['sku', MESSAGES.adminForm.skuTaken(codes.sku ?? '')]
      : ['gtin', MESSAGES.adminForm.gtinTaken(codes.gtin ?? '')];
  return new HttpError(409, 'conflict', message, { [field]: message });
}

/**
 * The compare-at price in cents: null for none (empty), undefined when the form left it out (Modify:
 * the shoe's stays). Refused unless above the price; the form's schema says so first.
 */
function compareAtCents(input: {
  price: string;
  compareAtPrice?: string | undefined;
}): number | null | undefined {
  if (input.compareAtPrice === undefined) return undefined;
  if (input.compareAtPrice === '') return null;
  if (Number(input.compareAtPrice) <= Number(input.price)) {
    throw fieldError('compareAtPrice', MESSAGES.adminForm.compareAtAbovePrice);
  }
  return toCents(input.compareAtPrice);
}

/** A shoe's fields as a form sends them, for its audit entry. */
const shoeFacts = (input: CreateShoe | ModifyShoe) => ({
  name: input.name,
  brand: input.brand,
  color: input.color,
  price: Number(input.price),
  ...(input.compareAtPrice === undefined
    ? {}
    : { compareAtPrice: input.compareAtPrice === '' ? null : Number(input.compareAtPrice) }),
  description: input.description,
});

/** What the admin's edits need of the catalogue: a module never imports another's repository. */
export interface EditedShoes {
  findShoe(id: string): Promise<Shoe | undefined>;
}

/**
 * The shop owner's changes to the catalogue (spec §2 admin forms). Past orders
 * are untouched by design: their lines carry their own name, image and price.
 */
export function createCatalogAdminService(deps: {
  repository: CatalogAdminRepository;
  /** The catalogue's read of one shoe, passed in at composition (plugins/services.ts). */
  catalog: EditedShoes;
  images: ImageStore;
}) {
  const { repository, catalog, images } = deps;

  async function shoeOrNotFound(id: string): Promise<Shoe> {
    const shoe = isUuid(id) ? await catalog.findShoe(id) : undefined;
    if (!shoe) throw notFound(MESSAGES.catalog.shoeNotFound);
    return shoe;
  }

  /** The brand named in a form, case-insensitively; the form's brand field answers when there is none. */
  async function brandIdOf(name: string): Promise<string> {
    const id = await repository.brandIdOf(name);
    if (!id) throw fieldError('brand', MESSAGES.adminForm.brand);
    return id;
  }

  const storeImage = (shoeId: string, bytes: Buffer) =>
    storeShoeImage(images, shoeId, bytes, { field: 'image', message: MESSAGES.adminForm.image });

  async function reload(id: string): Promise<Shoe> {
    return shoeOrNotFound(id);
  }

  return {
    async createShoe(
      input: CreateShoe,
      image: Buffer | undefined,
      actor: Actor,
    ): Promise<{ message: string; shoe: Shoe }> {
      if (!image) throw fieldError('image', MESSAGES.adminForm.image);
      const sizes = [
        { size: input.size, quantity: Number(input.q) },
        ...(input.moreSizes ?? []).map((row) => ({ size: row.size, quantity: Number(row.q) })),
      ];
      // The schema refuses these already; checked again here so no caller can write half a grid.
      const compareAt = compareAtCents(input) ?? null;
      const [twice] = repeatedSizes(sizes.map((entry) => entry.size));
      if (twice !== undefined) {
        throw fieldError(`moreSizes.${twice - 1}.size`, MESSAGES.adminForm.sizeTwice(sizes[twice]!.size));
      }
      const brandId = await brandIdOf(input.brand);
      const id = crypto.randomUUID();
      const imageUrl = await storeImage(id, image);
      await repository.insertShoe(
        {
          id,
          name: input.name,
          brandId,
          description: input.description,
          color: input.color,
          priceCents: toCents(input.price),
          compareAtCents: compareAt,
          image: imageUrl,
        },
        sizes,
        {
          actor,
          record: {
            action: 'shoe.create',
            target: { type: 'shoe', id, label: input.name },
            // One size as the spec's form gives it; a grid as a stock list (read size by size by the log).
            after: {
              ...shoeFacts(input),
              ...(sizes.length === 1 ? { size: input.size, quantity: Number(input.q) } : { stock: sizes }),
            },
          },
        },
      );
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
      actor: Actor,
    ): Promise<{ message: string; shoe: Shoe }> {
      const current = await shoeOrNotFound(id);
      if (input.version !== undefined && Number(input.version) !== current.version) {
        throw conflict(MESSAGES.admin.staleShoe);
      }
      const entry = current.stock.find((candidate) => Number(candidate.size) === Number(input.size));
      if (!entry) throw fieldError('size', MESSAGES.adminForm.size);
      const compareAt = compareAtCents(input);
      const brandId = await brandIdOf(input.brand);
      const imageUrl = image ? await storeImage(id, image) : undefined;
      const codes = sizeCodes(input);
      const updated = await repository.updateShoe(
        id,
        current.version,
        {
          name: input.name,
          brandId,
          color: input.color,
          priceCents: toCents(input.price),
          ...(compareAt === undefined ? {} : { compareAtCents: compareAt }),
          description: input.description,
          ...(input.onSale === undefined ? {} : { onSale: input.onSale === 'true' }),
          ...(imageUrl ? { image: imageUrl } : {}),
        },
        { entryId: entry._id, quantity: Number(input.q), codes },
        {
          actor,
          record: {
            action: 'shoe.update',
            target: { type: 'shoe', id, label: input.name },
            before: {
              name: current.name,
              brand: current.brand,
              color: current.color,
              price: current.price,
              ...(compareAt === undefined ? {} : { compareAtPrice: current.compareAtPrice ?? null }),
              description: current.description,
              onSale: current.onSale,
              size: entry.size,
              quantity: entry.quantity,
              ...(codes.sku === undefined ? {} : { sku: entry.sku }),
              ...(codes.gtin === undefined ? {} : { gtin: entry.gtin ?? null }),
            },
            after: {
              ...shoeFacts(input),
              ...(input.onSale === undefined ? {} : { onSale: input.onSale === 'true' }),
              ...(imageUrl ? { image: imageUrl } : {}),
              size: entry.size,
              quantity: Number(input.q),
              ...codes,
            },
          },
        },
      );
      if (typeof updated === 'string') throw codeTaken(updated, codes);
      // Changed by someone else between our read and this write.
      if (!updated) throw conflict(MESSAGES.admin.staleShoe);
      return { message: MESSAGES.admin.shoeModified, shoe: await reload(id) };
    },

    /** Adds a size, or adds the quantity to the size when the shoe already has it. */
    async addSize(id: string, input: CreateSize, actor: Actor): Promise<{ message: string; shoe: Shoe }> {
      const current = await shoeOrNotFound(id);
      const quantity = Number(input.q);
      const existing = current.stock.find((entry) => entry.size === input.size);
      const total = (existing?.quantity ?? 0) + quantity;
      if (total > SHOE_LIMITS.maxQuantity) throw fieldError('q', MESSAGES.adminForm.quantity);
      const codes = sizeCodes(input);
      const added = await repository.addStock(
        id,
        input.size,
        quantity,
        {
          actor,
          record: {
            action: 'shoe.stock',
            target: { type: 'shoe', id, label: current.name },
            before: {
              size: input.size,
              quantity: existing?.quantity ?? 0,
              ...(codes.sku === undefined ? {} : { sku: existing?.sku ?? null }),
              ...(codes.gtin === undefined ? {} : { gtin: existing?.gtin ?? null }),
            },
            after: { size: input.size, quantity: total, ...codes },
          },
        },
        codes,
      );
      if (added === 'missing') throw notFound(MESSAGES.catalog.shoeNotFound);
      if (added === 'too_many') throw fieldError('q', MESSAGES.adminForm.quantity);
      if (added !== 'added') throw codeTaken(added, codes);
      const shoe = await reload(id);
      const now = shoe.stock.find((entry) => entry.size === input.size)?.quantity ?? total;
      const message = existing
        ? MESSAGES.admin.sizeRestocked(input.size, now)
        : MESSAGES.admin.sizeAdded(input.size, quantity);
      return { message, shoe };
    },

    async setOnSale(id: string, onSale: boolean, actor: Actor): Promise<{ message: string; shoe: Shoe }> {
      const name = isUuid(id)
        ? await repository.setOnSale(id, onSale, {
            actor,
            record: { action: 'shoe.sale', target: { type: 'shoe', id }, after: { onSale } },
          })
        : undefined;
      if (name === undefined) throw notFound(MESSAGES.catalog.shoeNotFound);
      const message = onSale ? MESSAGES.admin.onSale(name) : MESSAGES.admin.offSale(name);
      return { message, shoe: await reload(id) };
    },

    /**
     * Its stock, favorites and reviews go with it; order lines keep their copy of
     * the shoe (and its image file stays, since they show it).
     */
    async deleteShoe(id: string, actor: Actor): Promise<{ message: string }> {
      const deleted =
        isUuid(id) &&
        (await repository.deleteShoe(id, {
          actor,
          record: { action: 'shoe.delete', target: { type: 'shoe', id }, after: null },
        }));
      if (!deleted) throw notFound(MESSAGES.catalog.shoeNotFound);
      return { message: MESSAGES.admin.deleted };
    },

    async createBrand(name: string, actor: Actor): Promise<{ message: string; brand: Brand }> {
      const brand = await repository.insertBrand(name, {
        actor,
        record: { action: 'brand.create', target: { type: 'brand' } },
      });
      // Names are unique whatever their case.
      if (brand === 'exists') {
        throw new HttpError(409, 'conflict', MESSAGES.admin.brandExists, {
          name: MESSAGES.admin.brandExists,
        });
      }
      return { message: MESSAGES.admin.brandCreated(brand.name), brand };
    },

    /** Refused while shoes of the brand exist: deleting a brand must never delete shoes by surprise. */
    async deleteBrand(id: string, actor: Actor): Promise<{ message: string }> {
      if (!isUuid(id)) throw notFound(MESSAGES.admin.brandNotFound);
      const outcome = await repository.deleteBrand(id, {
        actor,
        record: { action: 'brand.delete', target: { type: 'brand', id } },
      });
      if (outcome === 'has_shoes') throw conflict(MESSAGES.admin.brandHasShoes);
      if (outcome === 'missing') throw notFound(MESSAGES.admin.brandNotFound);
      return { message: MESSAGES.admin.deleted };
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
