import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import sharp from 'sharp';
import { brands, shoeImages, shoes, stockEntries } from '../schema.js';
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

async function storeBytes(store: ImageStore, shoe: DemoShoe, bytes: Buffer): Promise<string> {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return store.put(`shoes/${slug(`${shoe.brand} ${shoe.name}`)}-${hash}.webp`, bytes, 'image/webp');
}

/** Demo shoes whose galleries show more than the cover, so the shoe page's gallery has something to show. */
export const DEMO_GALLERY_SHOES = 4;

/**
 * A demo shoe's gallery: its cover, and for the first DEMO_GALLERY_SHOES shoes two more views made
 * from it with sharp (the other side, and a close-up of the toe), each with its alt text.
 */
async function storeGallery(store: ImageStore, shoe: DemoShoe, index: number) {
  const cover = await sneakerWebp(shoe.palette, shoe.style, DEMO_IMAGE_WIDTH);
  const photos = [{ bytes: cover, alt: shoe.name }];
  if (index < DEMO_GALLERY_SHOES) {
    const height = (DEMO_IMAGE_WIDTH * 3) / 4;
    photos.push(
      {
        bytes: await sharp(cover).flop().webp().toBuffer(),
        alt: `${shoe.brand} ${shoe.name}, the other side`,
      },
      {
        bytes: await sharp(cover)
          .extract({
            left: DEMO_IMAGE_WIDTH / 2,
            top: height / 4,
            width: DEMO_IMAGE_WIDTH / 2,
            height: height / 2,
          })
          .resize(DEMO_IMAGE_WIDTH)
          .webp()
          .toBuffer(),
        alt: `${shoe.brand} ${shoe.name}, close-up of the toe`,
      },
    );
  }
  return Promise.all(
    photos.map(async (photo) => ({ image: await storeBytes(store, shoe, photo.bytes), alt: photo.alt })),
  );
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(brands);
  return (row?.count ?? 0) === 0;
}

/** Inserts the demo brands, shoes, stock, drawn images and galleries in one transaction. */
export async function seedDemoCatalogue(
  db: Database,
  store: ImageStore,
): Promise<{ brands: number; shoes: number }> {
  // Images first: rendering is slow and must not hold a transaction open.
  const galleries = await Promise.all(demoShoes.map((shoe, index) => storeGallery(store, shoe, index)));
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
          image: galleries[index]![0]!.image,
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
    // Every gallery in order, the cover first (the same picture as `shoes.image`).
    await tx
      .insert(shoeImages)
      .values(
        galleries.flatMap((photos, index) =>
          photos.map((photo, position) => ({ shoeId: insertedShoes[index]!.id, position, ...photo })),
        ),
      );
  });
  return { brands: demoBrands.length, shoes: demoShoes.length };
}
