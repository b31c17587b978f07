import type { Database } from '../../../src/server/db/client.js';
import { brands, shoes, stockEntries } from '../../../src/server/db/schema.js';

/** A shoe of the faceted catalogue: its stock is `[size, quantity]`, quantity 0 meaning sold out. */
export interface FacetShoe {
  name: string;
  brand: string;
  color: string;
  price: number;
  onSale: boolean;
  sizes: [string, number][];
}

/** Emptyco has no shoes: a facet lists only brands found among the shoes. */
export const FACET_BRANDS = ['Stride', 'Northpeak', 'Velo', 'Emptyco'];

/**
 * Ten shoes, listed oldest first (inserted one day apart, so `newest` has a known order), names in
 * alphabetical order too. Sizes at 0 are out of stock; '12' is off the chart and never counts; two
 * shoes cost 120 (ties sort by name); "Red" and "red" are one colour; Delta Trail and Juliet Orbit
 * have no size in stock. On sale: Alpha, Charlie, Echo, Golf, India.
 */
export const FACET_SHOES: readonly FacetShoe[] = [
  {
    name: 'Alpha Runner',
    brand: 'Stride',
    color: 'Red',
    price: 59.99,
    onSale: true,
    sizes: [
      ['8', 2],
      ['9', 0],
      ['10', 1],
    ],
  },
  {
    name: 'Bravo Court',
    brand: 'Stride',
    color: 'Blue',
    price: 120,
    onSale: false,
    sizes: [
      ['9', 4],
      ['9.5', 3],
    ],
  },
  {
    name: 'Charlie High',
    brand: 'Stride',
    color: 'red',
    price: 85.5,
    onSale: true,
    sizes: [
      ['6', 1],
      ['11.5', 2],
    ],
  },
  {
    name: 'Delta Trail',
    brand: 'Northpeak',
    color: 'Black',
    price: 150,
    onSale: false,
    sizes: [
      ['10', 0],
      ['10.5', 0],
    ],
  },
  {
    name: 'Echo Glide',
    brand: 'Northpeak',
    color: 'Blue',
    price: 75,
    onSale: true,
    sizes: [
      ['7', 5],
      ['9', 2],
    ],
  },
  {
    name: 'Foxtrot Pulse',
    brand: 'Northpeak',
    color: 'White',
    price: 200,
    onSale: false,
    sizes: [
      ['9', 1],
      ['11', 3],
    ],
  },
  {
    name: 'Golf Drift',
    brand: 'Velo',
    color: 'Black',
    price: 99.99,
    onSale: true,
    sizes: [
      ['8', 1],
      ['9.5', 0],
      ['12', 4],
    ],
  },
  {
    name: 'Hotel Runner',
    brand: 'Velo',
    color: 'Green',
    price: 45,
    onSale: false,
    sizes: [['6.5', 2]],
  },
  { name: 'India Flux', brand: 'Velo', color: 'Blue', price: 120, onSale: true, sizes: [['9', 1]] },
  { name: 'Juliet Orbit', brand: 'Velo', color: 'White', price: 310, onSale: false, sizes: [] },
];

/** When the shoe at `index` of FACET_SHOES was added: one day after the one before it. */
export const facetCreatedAt = (index: number) => new Date(Date.UTC(2026, 0, 1 + index, 12));

/**
 * Inserts the brands and FACET_SHOES (one statement each, so each commits and the stock trigger of
 * migration 0007 sets `sizes_in_stock`); returns the ids by shoe name.
 */
export async function insertFacetCatalog(db: Database) {
  const insertedBrands = await db
    .insert(brands)
    .values(FACET_BRANDS.map((name) => ({ name })))
    .returning();
  const brandId = new Map(insertedBrands.map((brand) => [brand.name, brand.id]));
  const insertedShoes = await db
    .insert(shoes)
    .values(
      FACET_SHOES.map((item, index) => ({
        name: item.name,
        brandId: brandId.get(item.brand)!,
        description: `The ${item.name}, a fine shoe.`,
        color: item.color,
        priceCents: Math.round(item.price * 100),
        onSale: item.onSale,
        image: `/uploads/shoes/${item.name.toLowerCase().replaceAll(' ', '-')}.webp`,
        createdAt: facetCreatedAt(index),
      })),
    )
    .returning();
  const shoeIds = new Map(insertedShoes.map((shoe) => [shoe.name, shoe.id]));
  const stock = FACET_SHOES.flatMap((item) =>
    item.sizes.map(([size, quantity]) => ({ shoeId: shoeIds.get(item.name)!, size, quantity })),
  );
  await db.insert(stockEntries).values(stock);
  return { shoeIds, brandIds: brandId };
}
