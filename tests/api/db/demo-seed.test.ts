import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { sessions, shoeImages } from '../../../src/server/db/schema.js';
import {
  DEMO_GALLERY_SHOES,
  isCatalogueEmpty,
  seedDemoCatalogue,
} from '../../../src/server/db/seed/seed-demo.js';
import { createCatalogRepository } from '../../../src/server/modules/catalog/repository.js';
import { CHART_SIZES } from '../../../src/domain/size-chart.js';
import { createDiskImageStore } from '../../../src/server/storage/image-store.js';
import { signIn } from '../support/session.js';
import { openTestDatabase } from '../support/test-database.js';

let database: DatabaseHandle;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-'));

beforeAll(async () => {
  database = await openTestDatabase();
  expect(await isCatalogueEmpty(database.db)).toBe(true);
  await seedDemoCatalogue(database.db, createDiskImageStore(uploadsDir));
}, 120_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('demo catalogue seed', () => {
  it('fills the catalogue: 8+ brands, 60+ shoes, 12+ on sale', async () => {
    const repository = createCatalogRepository(database.db);
    expect(await isCatalogueEmpty(database.db)).toBe(false);
    expect((await repository.listBrands({ offset: 0, limit: 100 })).items.length).toBeGreaterThanOrEqual(8);
    const all = await repository.listShoes({ offset: 0, limit: 100 });
    expect(all.total).toBeGreaterThanOrEqual(60);
    const onSale = await repository.listShoes({ offset: 0, limit: 100, onSale: true });
    expect(onSale.total).toBeGreaterThanOrEqual(12);
    const colors = new Set(all.items.map((shoe) => shoe.color));
    expect(colors.size).toBeGreaterThanOrEqual(8);
  });

  it('stocks every shoe in 4-8 sizes of the size chart', async () => {
    const { items } = await createCatalogRepository(database.db).listShoes({ offset: 0, limit: 100 });
    for (const shoe of items) {
      expect(shoe.stock.length, shoe.name).toBeGreaterThanOrEqual(4);
      expect(shoe.stock.length, shoe.name).toBeLessThanOrEqual(8);
      for (const entry of shoe.stock) expect(CHART_SIZES).toContain(entry.size);
    }
  });

  it('gives every shoe its own WebP image on disk', async () => {
    const { items } = await createCatalogRepository(database.db).listShoes({ offset: 0, limit: 100 });
    const images = new Set(items.map((shoe) => shoe.image));
    expect(images.size).toBe(items.length);
    const sample = items[0]!.image.replace('/uploads/', '');
    const metadata = await sharp(path.join(uploadsDir, sample)).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(640);
    expect(metadata.height).toBe(480);
  });

  it('gives every shoe its gallery, the cover first; a few demo shoes show more photos', async () => {
    const repository = createCatalogRepository(database.db);
    const { items } = await repository.listShoes({ offset: 0, limit: 100 });
    const galleries = await Promise.all(items.map(async (shoe) => (await repository.findShoe(shoe._id))!));
    const rows = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shoeImages);
    expect(rows[0]!.n).toBe(items.length + 2 * DEMO_GALLERY_SHOES);
    for (const shoe of galleries) expect(shoe.images![0]!.url, shoe.name).toBe(shoe.image);
    const larger = galleries.filter((shoe) => shoe.images!.length > 1);
    expect(larger).toHaveLength(DEMO_GALLERY_SHOES);
    for (const shoe of larger) {
      expect(shoe.images!.map((photo) => photo.alt)).toEqual([
        shoe.name,
        `${shoe.brand} ${shoe.name}, the other side`,
        `${shoe.brand} ${shoe.name}, close-up of the toe`,
      ]);
      const toe = await sharp(
        path.join(uploadsDir, shoe.images![2]!.url.replace('/uploads/', '')),
      ).metadata();
      expect([toe.format, toe.width, toe.height]).toEqual(['webp', 640, 480]);
    }
  });
});

describe('the administrator created at the first start, after the seed', () => {
  const admin = { email: 'owner@shop.test', password: 'owner-password' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-admin-'));
  let app: FastifyInstance;
  const sessionCount = async () =>
    (await database.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sessions))[0]!.count;

  beforeAll(async () => {
    // As `npm start` does: the seeded database, then the app that creates the missing administrator.
    const config = loadConfig(
      {},
      {
        DATA_DIR: dataDir,
        SEED: 'none',
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    );
    app = await buildApp({ config, database, bootstrapAdmin: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no session behind (none nobody holds, listed as an unknown device), yet its password signs in', async () => {
    expect(await sessionCount()).toBe(0);
    const signedIn = await signIn(app, admin.email, admin.password);
    expect(signedIn.statusCode).toBe(200);
    expect(await sessionCount()).toBe(1);
  });
});
