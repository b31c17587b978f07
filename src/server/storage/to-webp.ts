import sharp from 'sharp';

/** Raster formats we take from uploads; an SVG is a document that can carry script, not a photo. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/** Decompression bombs stop here: a 40-megapixel photo is plenty for a sneaker. */
const MAX_INPUT_PIXELS = 40_000_000;

export class NotAnImageError extends Error {}

/** Whether the bytes are a raster image sharp can read, from its header alone (nothing decoded). */
export async function isRasterImage(bytes: Buffer): Promise<boolean> {
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return Boolean(format && RASTER_FORMATS.has(format));
  } catch {
    return false;
  }
}

/** `cover` crops to exactly width x height (avatars); `inside` only shrinks to fit (shoe photos). */
export interface Resize {
  fit: 'cover' | 'inside';
  width: number;
  height: number;
}

/**
 * Turns uploaded bytes into a WebP, checked by content: whatever the file was
 * called, sharp must recognise a raster image in it. Throws NotAnImageError otherwise.
 */
export async function toWebp(bytes: Buffer, resize: Resize): Promise<Buffer> {
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!format || !RASTER_FORMATS.has(format)) throw new Error(`format ${format}`);
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(resize.width, resize.height, { fit: resize.fit, withoutEnlargement: resize.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('not a raster image');
  }
}
