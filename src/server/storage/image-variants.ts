import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '../../domain/images.js';
import { sendRouteNotFound } from '../http/errors.js';
import { isImageKey, UPLOADS_URL_PREFIX, type ImageStore } from './image-store.js';
import { IMAGE_CACHE_CONTROL } from './s3-image-store.js';

export interface ImageVariantSource {
  store: ImageStore;
  /** The stored bytes under `key`, or undefined when there are none. */
  read(key: string): Promise<Buffer | undefined>;
}

const variantKey = (width: ImageVariantWidth, key: string) => `w${width}/${key}`;
/** Variants are made of originals only: `w320/w320/...` would let anyone fill the storage. */
const isVariantKey = (key: string) => /^w\d+\//.test(key);

/**
 * `GET /uploads/w{width}/{key}`: a narrower WebP of a stored picture, for `srcset` (domain/images.ts).
 * Made from the original on the first request and stored beside it, so it works the same on disk and
 * in a bucket, for pictures uploaded before this existed too, and on every instance. Only the fixed
 * widths exist, so nobody can make the shop render sizes at will.
 */
export function registerImageVariants(app: FastifyInstance, source: ImageVariantSource): void {
  const making = new Map<string, Promise<Buffer | undefined>>();

  async function make(width: ImageVariantWidth, key: string): Promise<Buffer | undefined> {
    const original = await source.read(key);
    if (!original) return undefined;
    const bytes = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await source.store.put(variantKey(width, key), bytes, 'image/webp');
    return bytes;
  }

  /** One rendering per variant however many requests ask for it at once. */
  function variant(width: ImageVariantWidth, key: string): Promise<Buffer | undefined> {
    const id = variantKey(width, key);
    let pending = making.get(id);
    if (!pending) {
      pending = (async () => (await source.read(id)) ?? make(width, key))().finally(() => making.delete(id));
      making.set(id, pending);
    }
    return pending;
  }

  for (const width of IMAGE_VARIANT_WIDTHS) {
    app.get<{ Params: { '*': string } }>(
      `${UPLOADS_URL_PREFIX}w${width}/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        if (!isImageKey(key) || isVariantKey(key) || !key.endsWith('.webp')) {
          return sendRouteNotFound(request, reply);
        }
        let bytes: Buffer | undefined;
        try {
          bytes = await variant(width, key);
        } catch (error) {
          // A stored file sharp cannot read has no smaller copy: a 404, as for a missing picture.
          request.log.warn({ err: error, key }, 'image variant could not be made');
        }
        if (!bytes) return sendRouteNotFound(request, reply);
        return reply.type('image/webp').header('cache-control', IMAGE_CACHE_CONTROL).send(bytes);
      },
    );
  }
}
