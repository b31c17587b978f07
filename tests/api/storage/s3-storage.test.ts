import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { seedDemoCatalogue } from '../../../src/server/db/seed/seed-demo.js';
import { createCatalogRepository } from '../../../src/server/modules/catalog/repository.js';
import { createImageStorage } from '../../../src/server/storage/image-storage.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { multipart } from '../support/multipart.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { signUp, TEST_ORIGIN } from '../support/session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import { openTestDatabase } from '../support/test-database.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let s3: S3TestServer;
let t: TestApp;
let admin: string;
let png: Buffer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-data-'));
const uploadsDir = path.join(dataDir, 'uploads');

beforeAll(async () => {
  s3 = await startS3Server();
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@shop.test', password: 'owner-password' },
    { env: { ...s3.env, DATA_DIR: dataDir } },
  ));
  await insertCatalog(
    t.database.db,
    ['Velo'],
    [{ name: 'Storm Court', brand: 'Velo', color: 'Red', price: 90 }],
  );
  png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Files under the uploads directory, which S3 mode must leave alone. */
const filesOnDisk = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir, { recursive: true }) : []);

async function createShoe(image: Buffer) {
  const form = await multipart(
    {
      brand: 'velo',
      name: 'Cloud Runner',
      color: 'Blue',
      price: '110',
      size: '10',
      q: '3',
      description: 'Light and quick.',
    },
    { name: 'photo.png', type: 'image/png', bytes: image },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/shoes',
    payload: form.payload,
    headers: { ...form.headers, cookie: admin, origin: TEST_ORIGIN },
  });
}

/** A new shopper uploads a profile image to `app`. */
async function uploadAvatar(app: TestApp) {
  const { cookie } = await signUp(app.app);
  const form = await multipart({}, { name: 'me.png', type: 'image/png', bytes: png });
  return app.app.inject({
    method: 'POST',
    url: '/api/account/image',
    payload: form.payload,
    headers: { ...form.headers, cookie, origin: TEST_ORIGIN },
  });
}

describe('images in S3-compatible storage', () => {
  it('stores a new shoe image in the bucket, not on disk, and serves it from there', async () => {
    const created = await createShoe(png);
    expect(created.statusCode).toBe(201);
    const url: string = created.json().shoe.image;
    expect(url).toMatch(/^\/uploads\/shoes\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const key = url.replace('/uploads/', '');

    expect(await s3.keys('shoes/')).toContain(key);
    const stored = await s3.object(key);
    expect(stored.contentType).toBe('image/webp');
    expect(stored.cacheControl).toBe(IMMUTABLE);
    expect(filesOnDisk()).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(served.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1000 });
  });

  it('stores an avatar in the bucket too', async () => {
    const response = await uploadAvatar(t);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().user.image;
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    expect(await s3.keys('avatars/')).toContain(url.replace('/uploads/', ''));
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 });
    expect(filesOnDisk()).toEqual([]);
  });

  it('answers an unknown image with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/shoes/nothing-here.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('refuses keys that climb out of the image folders or hide in them', async () => {
    for (const url of [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/x',
      '/uploads/shoes/%2e%2e/%2e%2e/x',
      '/uploads/shoes//x.webp',
      '/uploads/.hidden',
      '/uploads/',
      `/uploads/${'a'.repeat(400)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().error.code, url).toBeTypeOf('string');
    }
  });
});

describe('the demo seed with S3 configured', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('puts the demo images in the bucket through the same factory as npm start', async () => {
    const config = loadConfig({}, { ...s3.env, DATA_DIR: dataDir });
    const storage = createImageStorage(config);
    expect(storage.kind).toBe('s3');
    await seedDemoCatalogue(database.db, storage.store);
    if (storage.kind === 's3') storage.store.close();

    const { items } = await createCatalogRepository(database.db).listShoes({ offset: 0, limit: 100 });
    const keys = await s3.keys('shoes/');
    for (const shoe of items) expect(keys, shoe.name).toContain(shoe.image.replace('/uploads/', ''));
    expect(filesOnDisk()).toEqual([]);
    // The shop's server reads the same bucket, so a seeded image is served at its URL.
    const served = await t.app.inject({ method: 'GET', url: items[0]!.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  }, 120_000);
});

describe('images linked at S3_PUBLIC_URL', () => {
  let linked: TestApp;
  beforeAll(async () => {
    linked = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/shop/' });
  });
  afterAll(() => linked.close());

  it('lets pages load images from that origin', async () => {
    const response = await linked.app.inject({ method: 'GET', url: '/api/shoes' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com(;|$)/);
  });

  it('returns absolute image URLs there, while /uploads/ still serves older links', async () => {
    const response = await uploadAvatar(linked);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().user.image;
    expect(url).toMatch(/^https:\/\/cdn\.example\.com\/shop\/avatars\/.+\.webp$/);
    const key = url.replace('https://cdn.example.com/shop/', '');
    expect(await s3.keys('avatars/')).toContain(key);
    const served = await linked.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
  });
});
