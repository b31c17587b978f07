import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS } from '../../../src/domain/catalogue-csv.js';
import { auditLog, shoeImages, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { csvOf, importClient, type CsvRow } from '../support/catalogue-import.js';
import { TEST_ORIGIN } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { zipClimbingOut, zipOf } from '../support/zip-file.js';

/** The catalogue import (issue 33 item 3): files checked, a preview, then an idempotent apply. */
let t: TestApp;
let admin: string;
let red: Buffer;
let blue: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp({ email: 'owner@shop.test', password: 'owner-password' }));
  await insertCatalog(
    t.database.db,
    ['Arc'],
    [{ name: 'Old Runner', brand: 'Arc', color: 'Grey', price: 80, sizes: [['9', 3]] }],
  );
  const photo = (background: string) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background } })
      .jpeg()
      .toBuffer();
  [red, blue] = await Promise.all([photo('#c33'), photo('#33c')]);
}, 60_000);
afterAll(() => t.close());

const base: CsvRow = {
  shoe: 'Court Classic 90',
  brand: 'Stride',
  colour: 'White',
  price: '129.99',
  compare_at_price: '150',
  description: "Full-grain leather, a 10mm insole. It's back.",
  on_sale: 'yes',
  images: 'side.jpg|top.jpg',
  alt_texts: 'From the side|From above',
};
const csv = (rows: CsvRow[]) => csvOf(rows, base);
const {
  upload,
  preview: previewOf,
  apply: applied,
} = importClient(
  () => t.app,
  () => admin,
);

const photos = () =>
  zipOf([
    { name: 'shoots/side.jpg', bytes: red },
    { name: 'shoots/top.jpg', bytes: blue },
  ]);
const twoSizes = () =>
  csv([
    { size: '9', sku: 'STR-CC90-090', gtin: '036000291452', stock: '12' },
    { size: '9.5', sku: '', gtin: '', stock: '8' },
  ]);

describe('a catalogue import', () => {
  it('previews without writing, applies, and the same files again change nothing', async () => {
    const preview = await previewOf(twoSizes(), await photos());
    expect(preview.state).toBe('waiting');
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual({ create: 2, update: 0, unchanged: 0 });
    expect(preview.shoes).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(preview.progress).toEqual({ done: 2, total: 2 });
    // Nothing is written by a preview.
    expect(
      (await t.database.db.select().from(stockEntries).where(eq(stockEntries.sku, 'STR-CC90-090'))).length,
    ).toBe(0);

    const report = await applied(preview._id);
    expect(report.state).toBe('done');
    expect(report.rows).toEqual({ create: 2, update: 0, unchanged: 0 });
    const shoes = (await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' })).json() as {
      _id: string;
      name: string;
      price: number;
      image: string;
      onSale: boolean;
      stock: { size: string; quantity: number }[];
    }[];
    const shoe = shoes.find((one) => one.name === 'Court Classic 90')!;
    expect(shoe.price).toBe(129.99);
    expect(shoe.onSale).toBe(true);
    expect(shoe.stock.map(({ size, quantity }) => ({ size, quantity }))).toEqual(
      expect.arrayContaining([
        { size: '9', quantity: 12 },
        { size: '9.5', quantity: 8 },
      ]),
    );
    const gallery = await t.database.db
      .select()
      .from(shoeImages)
      .where(eq(shoeImages.shoeId, shoe._id))
      .orderBy(shoeImages.position);
    expect(gallery.map((image) => image.alt)).toEqual(['From the side', 'From above']);
    expect(shoe.image).toBe(gallery[0]!.image);
    const sizes = await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoe._id));
    expect(sizes.find((size) => size.size === '9')).toMatchObject({
      sku: 'STR-CC90-090',
      gtin: '036000291452',
    });
    expect(sizes.find((size) => size.size === '9.5')!.sku).toMatch(/^SN-[0-9A-F]{12}-095$/);
    // One audit entry for the import: who, the file and the counts.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.import'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: 'owner@shop.test', targetLabel: 'catalogue.csv' });

    // The same two files again: matched by SKU (and by brand, name and colour for the size without one).
    const again = await previewOf(twoSizes(), await photos());
    expect(again.rows).toEqual({ create: 0, update: 0, unchanged: 2 });
    const second = await applied(again._id);
    expect(second.shoes).toEqual({ create: 0, update: 0, unchanged: 1 });
    const after = await t.database.db.select().from(shoeImages).where(eq(shoeImages.shoeId, shoe._id));
    expect(after.map((image) => image.image).sort()).toEqual(gallery.map((image) => image.image).sort());
  });

  it('updates what changed: a price and a stock, the photos kept when the file lists them by their stored names', async () => {
    const shoe = (await t.app.inject({ method: 'GET', url: '/api/shoes?limit=100' }))
      .json()
      .find((one: { name: string }) => one.name === 'Court Classic 90');
    const stored = (
      await t.database.db
        .select()
        .from(shoeImages)
        .where(eq(shoeImages.shoeId, shoe._id))
        .orderBy(shoeImages.position)
    ).map((image) => image.image.slice(image.image.lastIndexOf('/') + 1));
    const preview = await previewOf(
      csv([
        {
          size: '9',
          sku: 'STR-CC90-090',
          gtin: '036000291452',
          stock: '20',
          price: '119',
          images: stored.join('|'),
        },
        { size: '9.5', sku: '', gtin: '', stock: '8', price: '119', images: stored.join('|') },
      ]),
    );
    expect(preview.errors).toEqual([]);
    // The shoe's price counts on its first row; size 9.5 is as it was.
    expect(preview.rows).toEqual({ create: 0, update: 1, unchanged: 1 });
    expect((await applied(preview._id)).state).toBe('done');
    const now = (await t.app.inject({ method: 'GET', url: `/api/shoes/${shoe._id}` })).json();
    expect(now.price).toBe(119);
    expect(now.stock.find((entry: { size: string }) => entry.size === '9').quantity).toBe(20);
  });

  it('lists every error with its line, column and reason, and cannot be applied', async () => {
    const preview = await previewOf(
      csv([
        { size: '9', stock: '2', sku: 'NEW-1', shoe: 'Gel-Kayano 14', images: 'missing.jpg', alt_texts: '' },
        { size: '10', stock: 'two', shoe: 'Gel-Kayano 14', images: 'missing.jpg', alt_texts: '' },
        {
          size: '11',
          stock: '1',
          shoe: 'Gel-Kayano 14',
          gtin: '036000291453',
          images: 'missing.jpg',
          alt_texts: '',
        },
        { size: '9', stock: '1', shoe: 'Gel-Kayano 14', price: '99', images: 'missing.jpg', alt_texts: '' },
        { size: '12', stock: '1', shoe: 'Evil', description: '=HYPERLINK("http://x","click")' },
      ]),
    );
    expect(preview.state).toBe('waiting');
    expect(preview.errors).toEqual(
      [
        { line: 3, column: 'stock', message: 'only numbers' },
        { line: 4, column: 'gtin', message: expect.stringContaining('check') },
        { line: 5, column: 'price', message: expect.stringContaining('differs from line 2') },
        { line: 6, column: 'description', message: expect.stringContaining('formula') },
        {
          line: 2,
          column: 'images',
          message: "missing.jpg is neither in the ZIP nor one of this shoe's photos",
        },
      ].sort((a, b) => a.line - b.line),
    );
    expect(preview.errorCount).toBe(5);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${preview._id}/apply`,
      headers: { cookie: admin, origin: TEST_ORIGIN },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the export imported again', () => {
  it('changes nothing: every row of the catalogue CSV is found unchanged', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue.csv',
      headers: { cookie: admin },
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\n').length - 1;
    expect(lines).toBeGreaterThan(2);
    const preview = await previewOf(exported.rawPayload);
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual({ create: 0, update: 0, unchanged: lines });
  });
});

describe('a large file', () => {
  it('previews twice: 300 shoes matched with one query each time (PGlite once stalled on the second)', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => ({
      shoe: `Large File ${index + 1}`,
      size: '9',
      sku: `LARGE-${index + 1}`,
      stock: '1',
    }));
    for (const round of [1, 2]) {
      const preview = await previewOf(csv(rows), await photos());
      expect(preview.rows, `round ${round}`).toEqual({ create: 300, update: 0, unchanged: 0 });
    }
  });
});

describe('files the import refuses, writing nothing', () => {
  const refusal = async (csv: Buffer, zip?: Buffer) => {
    const answer = await upload(csv, zip);
    return { status: answer.statusCode, message: answer.json().error?.message as string };
  };

  it('a file that is not UTF-8', async () => {
    const latin1 = Buffer.from(
      `${CATALOGUE_CSV_COLUMNS.join(',')}\nCaf\xe9,Arc,Red,1,,x,no,9,,,1,,\n`,
      'latin1',
    );
    expect(await refusal(latin1)).toEqual({ status: 400, message: expect.stringContaining('not UTF-8') });
  });

  it("a header without the format's columns", async () => {
    expect(await refusal(Buffer.from('name,price\nA,1\n'))).toEqual({
      status: 400,
      message: expect.stringContaining('missing: shoe, brand, colour'),
    });
  });

  it('a file that is not a CSV at all (an SVG sent as the CSV)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await refusal(svg)).toEqual({
      status: 400,
      message: expect.stringContaining('not a well-formed CSV'),
    });
  });

  it('a CSV over 20 MB', async () => {
    const big = Buffer.concat([csv([{ size: '9', stock: '1' }]), Buffer.alloc(21 * 1024 * 1024, 'a')]);
    expect((await refusal(big)).status).toBe(413);
  });

  it('a ZIP with a path out of the archive', async () => {
    expect(await refusal(twoSizes(), await zipClimbingOut(red))).toEqual({
      status: 400,
      message: expect.stringContaining('leads out of the archive'),
    });
  });

  it('a ZIP bomb: an entry that unpacks to far more than it holds', async () => {
    const bomb = await zipOf([{ name: 'side.jpg', bytes: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(twoSizes(), bomb)).toEqual({
      status: 400,
      message: expect.stringContaining('not a photo'),
    });
  });

  it('a ZIP that is not one', async () => {
    expect(await refusal(twoSizes(), Buffer.from('not a zip at all'))).toEqual({
      status: 400,
      message: expect.stringContaining('not a ZIP'),
    });
  });

  it('an image that is not an image, in the preview on its row', async () => {
    const preview = await previewOf(
      csv([{ shoe: 'Fake Photo', size: '9', stock: '1', images: 'side.jpg', alt_texts: '' }]),
      await zipOf([{ name: 'side.jpg', bytes: Buffer.from('<svg onload="alert(1)"/>') }]),
    );
    expect(preview.errors).toEqual([
      { line: 2, column: 'images', message: 'side.jpg in the ZIP is not an image' },
    ]);
  });

  it('staff only: a visitor is 401, a shopper 403', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: { origin: TEST_ORIGIN },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
