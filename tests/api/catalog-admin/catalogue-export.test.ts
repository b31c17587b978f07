import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  catalogueRowSchema,
  unescapeCsvCell,
} from '../../../src/domain/catalogue-csv.js';
import { shoeImages, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { SHOE_BATCH } from '../../../src/server/modules/exports/service.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * GET /api/admin/catalogue.csv (issue 33 item 4): the whole catalogue in the import's format, one row
 * per shoe and size, streamed page by page; every row it writes is one the import's row schema reads
 * as valid, and a cell that would start a formula is escaped and comes back unchanged.
 */
let t: TestApp;
let admin: string;

const send = createSender(() => t.app, 94);
/** More shoes than one page holds, so the keyset paging is crossed twice. */
const PAGED = 2 * SHOE_BATCH + 10;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@export.test', password: 'owner-password' },
    { signInFrom: '10.94.250.1' },
  ));
  const { shoeIds } = await insertCatalog(
    t.database.db,
    ['Arc', 'Ünder'],
    [
      {
        name: 'Minus Runner',
        brand: 'Arc',
        color: 'Red',
        price: 129.99,
        sizes: [
          ['9', 3],
          ['10.5', 0],
        ],
      },
      { name: 'Plus Runner', brand: 'Ünder', color: 'Crème', price: 80, onSale: true, sizes: [['8', 1]] },
      ...Array.from({ length: PAGED }, (_, i) => ({
        name: `Paged Runner ${i}`,
        brand: 'Arc',
        color: 'Blue',
        price: 50,
        sizes: [['9', 1]] as [string, number][],
      })),
    ],
  );
  const minus = shoeIds.get('Minus Runner')!;
  const plus = shoeIds.get('Plus Runner')!;
  const db = t.database.db;
  await db
    .update(shoes)
    .set({ description: '-10% off: a formula to a spreadsheet', compareAtCents: 15000 })
    .where(eq(shoes.id, minus));
  await db.update(shoes).set({ description: '+1 for comfort, really.' }).where(eq(shoes.id, plus));
  await db
    .update(stockEntries)
    .set({ sku: 'ARC-MR-090', gtin: '036000291452' })
    .where(and(eq(stockEntries.shoeId, minus), eq(stockEntries.size, '9')));
  // Two photos in gallery order (the second given first); the other shoes show their cover alone.
  await db.insert(shoeImages).values([
    { shoeId: minus, position: 1, image: '/uploads/shoes/minus-top.webp', alt: 'From above' },
    { shoeId: minus, position: 0, image: '/uploads/shoes/minus-side.webp', alt: 'From the side' },
  ]);
}, 120_000);
afterAll(() => t.close());

const exportCsv = (cookie: string) => send('GET', '/api/admin/catalogue.csv', cookie);

type Cells = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;
const rowsOf = (body: string): Cells[] => parse(body, { bom: true, columns: true }) as Cells[];

describe('GET /api/admin/catalogue.csv', () => {
  it('downloads a dated UTF-8 CSV with a BOM and the import’s header row', async () => {
    const answer = await exportCsv(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body.slice(1).split(/\r?\n/, 1)[0]).toBe(CATALOGUE_CSV_COLUMNS.join(','));
  });

  it('writes one row per shoe and size, every shoe once, across pages', async () => {
    const rows = rowsOf((await exportCsv(admin)).body);
    expect(rows).toHaveLength(3 + PAGED);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(rows.length);
    const paged = rows.filter((row) => row.shoe.startsWith('Paged Runner'));
    expect(new Set(paged.map((row) => row.shoe)).size).toBe(PAGED);
  });

  it('writes the shoe’s columns on each size’s row: money, yes/no, codes, the gallery in order', async () => {
    const rows = rowsOf((await exportCsv(admin)).body).filter((row) => row.shoe === 'Minus Runner');
    expect(rows).toEqual([
      {
        shoe: 'Minus Runner',
        brand: 'Arc',
        colour: 'Red',
        price: '129.99',
        compare_at_price: '150',
        description: "'-10% off: a formula to a spreadsheet",
        on_sale: 'no',
        size: '9',
        sku: 'ARC-MR-090',
        gtin: '036000291452',
        stock: '3',
        images: 'minus-side.webp|minus-top.webp',
        alt_texts: 'From the side|From above',
      },
      expect.objectContaining({
        size: '10.5',
        stock: '0',
        sku: expect.stringMatching(/^SN-[0-9A-F]{12}-105$/),
      }),
    ]);
    const plus = rowsOf((await exportCsv(admin)).body).find((row) => row.shoe === 'Plus Runner')!;
    expect(plus).toMatchObject({
      brand: 'Ünder',
      colour: 'Crème',
      on_sale: 'yes',
      compare_at_price: '',
      gtin: '',
      images: 'plus-runner.webp',
      alt_texts: 'Plus Runner',
    });
  });

  it('escapes cells that would start a formula; unescaped they are the shoe’s own text again', async () => {
    const rows = rowsOf((await exportCsv(admin)).body);
    const minus = rows.find((row) => row.shoe === 'Minus Runner')!;
    const plus = rows.find((row) => row.shoe === 'Plus Runner')!;
    expect(minus.description).toBe("'-10% off: a formula to a spreadsheet");
    expect(plus.description).toBe("'+1 for comfort, really.");
    expect(unescapeCsvCell(minus.description)).toBe('-10% off: a formula to a spreadsheet');
    expect(unescapeCsvCell(plus.description)).toBe('+1 for comfort, really.');
  });

  it('is read back by the import’s row schema, every row valid and equal to the catalogue', async () => {
    const rows = rowsOf((await exportCsv(admin)).body);
    const parsed = rows.map((row) =>
      catalogueRowSchema.safeParse(
        Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, unescapeCsvCell(cell)])),
      ),
    );
    const invalid = parsed.flatMap((result, index) =>
      result.success ? [] : [`row ${index + 2}: ${JSON.stringify(result.error.issues)}`],
    );
    expect(invalid).toEqual([]);
    const minus = parsed
      .map((result) => result.data!)
      .find((row) => row.size === '9' && row.price === 12999)!;
    expect(minus).toMatchObject({
      shoe: 'Minus Runner',
      compare_at_price: 15000,
      description: '-10% off: a formula to a spreadsheet',
      on_sale: false,
      sku: 'ARC-MR-090',
      gtin: '036000291452',
      stock: 3,
      images: ['minus-side.webp', 'minus-top.webp'],
      alt_texts: ['From the side', 'From above'],
    });
  });

  it('is staff only: 401 without a session, 403 to a shopper', async () => {
    expect((await exportCsv('')).statusCode).toBe(401);
    const shopper = await signUp(t.app);
    const refused = await exportCsv(shopper.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });
});
