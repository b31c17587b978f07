import type { Shoe } from '../../domain/catalog';
import { ShoeImage } from './shoe-image';

interface CardPictureProps {
  shoe: Pick<Shoe, 'image'>;
  /** Where the card shows: a grid's card or a carousel's slide. */
  sizes: 'card' | 'slide';
  /** Cards visible on arrival load at once; the rest wait until scrolled to. */
  eager: boolean;
  /** The page's first card: likely its largest paint on a phone, fetched before other pictures. */
  priority?: boolean;
}

/** The picture at the top of a shoe's card: 4:3, full width, zooming while the card (`group`) is hovered. */
export function CardPicture({ shoe, sizes, eager, priority = false }: CardPictureProps) {
  return (
    <ShoeImage
      src={shoe.image}
      sizes={sizes}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      priority={priority}
      className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
    />
  );
}
