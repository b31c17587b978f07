import type { Database } from '../../../src/server/db/client.js';
import { brands, shoes, stockEntries } from '../../../src/server/db/schema.js';

export interface FixtureShoe {
  name: string;
  brand: string;
  color: string;
  price: number;
  onSale?: boolean;
  sizes?: [string, number][];
}

/** A small, known catalogue for API tests; returns the inserted ids by shoe name. */
export async function insertCatalog(db: Database, brandNames: string[], items: FixtureShoe[]) {
  const insertedBrands = await db
    .insert(brands)
    .values(brandNames.map((name) => ({ name })))
    .returning();
  const brandId = new Map(insertedBrands.map((brand) => [brand.name, brand.id]));
  const insertedShoes = await db
    .insert(shoes)
    .values(
      items.map((item) => ({
        name: item.name,
        brandId: brandId.get(item.brand)!,
        description: `The ${item.name}, a fine shoe.`,
        color: item.color,
        priceCents: Math.round(item.price * 100),
        onSale: item.onSale ?? false,
        image: `/uploads/shoes/${item.name.toLowerCase().replaceAll(' ', '-')}.webp`,
      })),
    )
    .returning();
  const stock = items.flatMap((item, index) =>
    (item.sizes ?? [['9', 5]]).map(([size, quantity]) => ({
      shoeId: insertedShoes[index]!.id,
      size,
      quantity,
    })),
  );
  if (stock.length > 0) await db.insert(stockEntries).values(stock);
  return {
    shoeIds: new Map(insertedShoes.map((shoe) => [shoe.name, shoe.id])),
    brandIds: brandId,
  };
}

export const STANDARD_BRANDS = ['Stride', 'Northpeak', 'Velo'];

/** 40 shoes: enough to page, with known colours, prices and sale flags. */
export function standardShoes(): FixtureShoe[] {
  const colors = ['Red', 'Blue', 'Black', 'White'];
  const words = ['Cloud', 'Storm', 'Ember', 'Glide', 'Summit', 'Pulse', 'Drift', 'Nova', 'Flux', 'Orbit'];
  return Array.from({ length: 40 }, (_, i) => ({
    name: `${words[i % 10]} ${['Runner', 'Court', 'High', 'Trail'][Math.floor(i / 10)]}`,
    brand: STANDARD_BRANDS[i % 3]!,
    color: colors[i % 4]!,
    price: 50 + ((i * 37) % 200),
    onSale: i % 5 === 0,
    sizes: [
      ['9', 3],
      ['9.5', 0],
      ['10', 7],
    ],
  }));
}
