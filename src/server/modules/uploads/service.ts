import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageVariantWidth } from '../../../domain/images.js';
import { isImageKey } from '../../storage/image-store.js';
import type { ImageStorage } from '../../storage/image-storage.js';
import type { StoredImage } from '../../storage/s3-image-store.js';

const variantKey = (width: ImageVariantWidth, key: string) => `w${width}/${key}`;
/** Variants are made of originals only: `w320/w320/...` would let anyone fill the storage. */
const isVariantKey = (key: string) => /^w\d+\//.test(key);

/**
 * Stored images as `/uploads/` serves them, from the disk or the bucket alike, and their narrower
 * WebP copies for `srcset` (domain/images.ts). A copy is made from the original on the first
 * request and stored beside it, so it works the same on disk and in a bucket, for pictures
 * uploaded before copies existed too, and on every instance. Only the fixed widths exist, so nobody
 * can make the shop render sizes at will.
 */
export function createUploadService(storage: ImageStorage) {
  /** The stored bytes under `key`, or undefined when there are none. */
  const read: (key: string) => Promise<Buffer | undefined> =
    storage.kind === 'disk'
      ? (key) => fs.promises.readFile(path.join(storage.uploadsDir, key)).catch(() => undefined)
      : async (key) => {
          const image = await storage.store.get(key);
          return image && Buffer.concat(await image.body.toArray());
        };
  const making = new Map<string, Promise<Buffer | undefined>>();

  async function make(width: ImageVariantWidth, key: string): Promise<Buffer | undefined> {
    const original = await read(key);
    if (!original) return undefined;
    const bytes = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.store.put(variantKey(width, key), bytes, 'image/webp');
    return bytes;
  }

  return {
    /**
     * The `width` px WebP copy of the stored picture `key`, or undefined when there is no such
     * picture (or `key` names no WebP original). One rendering per copy however many requests ask
     * for it at once. Throws when the stored file cannot be read as an image.
     */
    variant(width: ImageVariantWidth, key: string): Promise<Buffer | undefined> {
      if (!isImageKey(key) || isVariantKey(key) || !key.endsWith('.webp')) return Promise.resolve(undefined);
      const id = variantKey(width, key);
      let pending = making.get(id);
      if (!pending) {
        pending = (async () => (await read(id)) ?? make(width, key))().finally(() => making.delete(id));
        making.set(id, pending);
      }
      return pending;
    },

    /** An image in the bucket (with S3; on disk the files are served as they are), or undefined. */
    async original(key: string): Promise<StoredImage | undefined> {
      if (storage.kind !== 's3' || !isImageKey(key)) return undefined;
      return storage.store.get(key);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
