import crypto from 'node:crypto';
import { SHOE_IMAGE_MAX_WIDTH } from '../../../domain/admin.js';
import { HttpError } from '../../http/errors.js';
import type { ImageStore } from '../../storage/image-store.js';
import { NotAnImageError, toWebp } from '../../storage/to-webp.js';

/** A shoe photo as the shop keeps it: WebP, shrunk to fit the largest width a page shows. */
export const shoeWebp = (bytes: Buffer): Promise<Buffer> =>
  toWebp(bytes, { fit: 'inside', width: SHOE_IMAGE_MAX_WIDTH, height: SHOE_IMAGE_MAX_WIDTH });

/**
 * A shoe's uploaded picture (its cover from the shoe forms, or a gallery photo), checked by content,
 * resized to WebP and stored under the shoe's id and the image's hash, never under the upload's
 * name. Its narrower copies are made on first request (modules/uploads). Not a raster image: 415
 * with `message`, on the form's `field`.
 */
export async function storeShoeImage(
  images: ImageStore,
  shoeId: string,
  bytes: Buffer,
  refusal: { field: string; message: string },
): Promise<string> {
  let webp: Buffer;
  try {
    webp = await shoeWebp(bytes);
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    throw new HttpError(415, 'unsupported_media_type', refusal.message, { [refusal.field]: refusal.message });
  }
  const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16);
  return images.put(`shoes/${shoeId}-${hash}.webp`, webp, 'image/webp');
}
