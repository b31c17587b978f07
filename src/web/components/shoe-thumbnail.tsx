import { ShoeImage } from './shoe-image';

interface ShoeThumbnailProps {
  src: string;
  /** Its intrinsic width in pixels; the height follows, every shoe picture being 4:3. */
  width: number;
  /** Below the fold or in a list (search matches, the dashboard): loaded when scrolled to. */
  lazy?: boolean;
  /** Its width, corners and place where it stands. */
  className: string;
}

/**
 * A shoe's small picture beside its name (an order's lines, the cart, search matches, the
 * dashboard): decorative, since the name beside it says which shoe, and grey until it loads.
 */
export function ShoeThumbnail({ src, width, lazy = false, className }: ShoeThumbnailProps) {
  return (
    <ShoeImage
      src={src}
      sizes="thumbnail"
      alt=""
      width={width}
      height={(width * 3) / 4}
      loading={lazy ? 'lazy' : undefined}
      className={`aspect-[4/3] bg-gray-100 object-cover ${className}`}
    />
  );
}
