/**
 * Responsive copies of the shop's images. Every picture under /uploads/ is also served narrower at
 * `/uploads/w{width}/{key}` (made on first request and stored next to it, src/server/modules/
 * uploads/service.ts), so pages can offer a `srcset` and phones download a third of the bytes.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const UPLOADS = '/uploads/';
/** The width stored pictures have at most (catalog-admin resizes uploads to fit it). */
const ORIGINAL_WIDTH = 1000;

export function imageVariantUrl(url: string, width: ImageVariantWidth): string {
  return `${UPLOADS}w${width}/${url.slice(UPLOADS.length)}`;
}

/** `srcset` for a stored picture; undefined for images from elsewhere (a CDN, a data: URL). */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(UPLOADS) || !url.endsWith('.webp')) return undefined;
  return [
    ...IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`),
    `${url} ${ORIGINAL_WIDTH}w`,
  ].join(', ');
}

/**
 * `sizes` of each place a picture shows (how wide it is at each breakpoint of the layout), so the
 * browser picks the smallest copy that is sharp enough. The shoe page's also goes into the server's
 * preload hint, which the browser only reuses if it names the same candidates.
 */
export const IMAGE_SIZES = {
  card: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
  slide: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 85vw',
  hero: '(min-width: 1024px) 512px, 90vw',
  shoePage: '(min-width: 1024px) 700px, 100vw',
  thumbnail: '128px',
} as const;
