import type { MouseEvent } from 'react';
import { IMAGE_SIZES, imageSrcSet } from '../../domain/images';

export type ShoeImageSizes = keyof typeof IMAGE_SIZES;

interface ShoeImageProps {
  /** The shoe's image URL; stored pictures (/uploads/…webp) also get their narrower copies as a srcset. */
  src: string;
  /** Empty when a link or text beside the picture already names the shoe. */
  alt: string;
  /** Where the picture shows (IMAGE_SIZES), so the browser picks the smallest copy sharp enough. */
  sizes: ShoeImageSizes;
  /**
   * Intrinsic size, so the layout does not shift while the picture loads. Every shoe picture is
   * 4:3: by default the 640×480 of a full-width picture; a thumbnail gives its own.
   */
  width?: number;
  height?: number;
  /** 'lazy' below the fold, 'eager' for what is visible on arrival; omitted, the browser decides. */
  loading?: 'lazy' | 'eager';
  /** The page's main picture (its largest paint): fetched before the others. */
  priority?: boolean;
  className?: string;
  /** The shoe page's gallery opens its full-size view on a click or tap of the picture. */
  onClick?: (event: MouseEvent<HTMLImageElement>) => void;
}

/**
 * A shoe's picture with its responsive copies (domain/images.ts). Rendered alike by the server
 * (entry-server.tsx) and the browser, so hydration finds the same markup; the shoe page's `sizes`
 * also goes into the server's preload hint (server/web/page-heads.ts).
 */
export function ShoeImage({
  src,
  alt,
  sizes,
  width = 640,
  height = 480,
  loading,
  priority = false,
  className,
  onClick,
}: ShoeImageProps) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={IMAGE_SIZES[sizes]}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      onClick={onClick}
    />
  );
}
