import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { brands, shoes, stockEntries } from '../schema.js';
import type { ImageStore } from '../../storage/image-store.js';
import { demoBrands, demoShoes, type DemoShoe } from './demo-catalogue.js';
import { sneakerWebp } from './sneaker-image.js';

export const DEMO_IMAGE_WIDTH = 640;

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

async function storeImage(store: ImageStore, shoe: DemoShoe): Promise<string> {
  const bytes = await sneakerWebp(shoe.palette, shoe.style, DEMO_IMAGE_WIDTH);
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return store.put(`shoes/${slug(`${shoe.brand} ${shoe.name}`)}-${hash}.webp`, bytes, 'image/webp');
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(brands);
  return (row?.count ?? 0) === 0;
}

/** Inserts the demo brands, shoes, stock and drawn images in one transaction. */
export async function seedDemoCatalogue(
  db: Database,
  store: ImageStore,
): Promise<{ brands: number; shoes: number }> {
  // Images first: rendering is slow and must not hold a transaction open.
  const images = await Promise.all(demoShoes.map((shoe) => storeImage(store, shoe)));
  await db.transaction(async (tx) => {
    const insertedBrands = await tx
      .insert(brands)
      .values(demoBrands.map((name) => ({ name })))
      .returning({ id: brands.id, name: brands.name });
    const brandIds = new Map(insertedBrands.map((brand) => [brand.name, brand.id]));
    const insertedShoes = await tx
      .insert(shoes)
      .values(
        demoShoes.map((shoe, index) => ({
          name: shoe.name,
          brandId: brandIds.get(shoe.brand)!,
          description: shoe.description,
          color: shoe.color,
          priceCents: shoe.price * 100,
          onSale: shoe.onSale,
          image: images[index]!,
        })),
      )
      .returning({ id: shoes.id });
    await tx.insert(stockEntries).values(
      demoShoes.flatMap((shoe, index) =>
        shoe.sizes.map((entry) => ({
          shoeId: insertedShoes[index]!.id,
          size: entry.size,
          quantity: entry.quantity,
        })),
      ),
    );
  });
  return { brands: demoBrands.length, shoes: demoShoes.length };
}
