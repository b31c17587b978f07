import type { Shoe } from './catalog.js';
import { isInStock } from './stock.js';
import { SHOP_NAME } from './constants.js';

/** What search engines and link previews read about a page (the server puts it in the HTML). */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the page's one canonical URL (`/shoes/{id}`), made absolute with PUBLIC_URL. */
  canonicalPath: string;
  /** The page's main image, absolute or site-relative. */
  image?: string;
  /** Structured data (schema.org JSON-LD), e.g. a Product. */
  jsonLd?: Record<string, unknown>;
}

export const SHOP_DESCRIPTION = `${SHOP_NAME}: sneakers from the brands you love, in your size, delivered to your door.`;
const DESCRIPTION_MAX = 160;

/** `Velo Aero Racer`: the tab title and heading of a shoe's page. */
export function shoeTitle(shoe: Pick<Shoe, 'brand' | 'name'>): string {
  return `${shoe.brand} ${shoe.name}`;
}

export function documentTitle(page: string | undefined): string {
  return page ? `${page} | ${SHOP_NAME}` : SHOP_NAME;
}

/** The shoe's own description, cut at a word to the length search results show. */
export function shoeDescription(
  shoe: Pick<Shoe, 'description' | 'color' | 'price' | 'brand' | 'name'>,
): string {
  const text = `${shoeTitle(shoe)} in ${shoe.color}, $${shoe.price}. ${shoe.description}`.replace(
    /\s+/g,
    ' ',
  );
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** schema.org Product with its Offer: price, currency and whether any size is in stock. */
export function productJsonLd(shoe: Shoe, origin: string): Record<string, unknown> {
  const url = absolute(origin, `/shoes/${encodeURIComponent(shoe._id)}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: shoeTitle(shoe),
    description: shoe.description,
    image: absolute(origin, shoe.image),
    sku: shoe._id,
    color: shoe.color,
    brand: { '@type': 'Brand', name: shoe.brand },
    offers: {
      '@type': 'Offer',
      url,
      price: shoe.price.toFixed(2),
      priceCurrency: 'USD',
      availability: isInStock(shoe) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

export function shoeHead(shoe: Shoe, origin: string): PageHead {
  return {
    title: documentTitle(shoeTitle(shoe)),
    description: shoeDescription(shoe),
    canonicalPath: `/shoes/${encodeURIComponent(shoe._id)}`,
    image: shoe.image,
    jsonLd: productJsonLd(shoe, origin),
  };
}
