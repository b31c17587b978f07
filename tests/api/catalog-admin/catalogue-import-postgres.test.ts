import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { auditLog, jobs, shoes, stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { csvOf, importClient, type CsvRow } from '../support/catalogue-import.js';
import { sideConnections } from '../support/lock-waits.js';
import { checkoutWith } from '../support/paid-order.js';
import { createSender } from '../support/sender.js';
import { signUp } from '../support/session.js';
import { createStaffTestApp } from '../support/staff-test-app.js';
import type { TestApp } from '../support/test-app.js';
import { zipOf } from '../support/zip-file.js';

/**
 * The catalogue import where PGlite's one query at a time would hide what matters (issue 33 item 3):
 * a restart in the middle of an apply resumes after the last batch committed and writes none twice,
 * and shoppers buying while an import changes their shoe are never oversold. Always on the machine's
 * PostgreSQL, in a database of its own.
 */
let t: TestApp;
let admin: string;
let app: TestApp['app'];
let side: Awaited<ReturnType<typeof sideConnections>>;
let photo: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createStaffTestApp(
    { email: 'owner@import-postgres.test', password: 'owner-password' },
    { signInFrom: '10.93.0.1', app: { postgres: true } },
  ));
  expect(t.database.kind).toBe('postgres');
  app = t.app;
  side = await sideConnections(t.database);
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a3' } })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await side?.close();
  if (app !== t?.app) await app?.close();
  await t?.close();
});

const imports = importClient(
  () => app,
  () => admin,
);
const base: CsvRow = {
  colour: 'Green',
  price: '90',
  compare_at_price: '',
  description: 'Imported in batches.',
  on_sale: 'no',
  size: '9',
  sku: '',
  gtin: '',
  stock: '3',
  images: 'green.jpg',
  alt_texts: '',
};

describe('an import stopped in the middle', () => {
  it('resumes after the last batch committed on the next start, and writes no shoe twice', async () => {
    // 150 shoes, one row each: batches of 50, the second one of a brand of its own.
    const rows = Array.from({ length: 150 }, (_, index) => ({
      shoe: `Resume Shoe ${index + 1}`,
      brand: index >= 50 && index < 100 ? 'Second Batch' : 'First Batch',
    }));
    const preview = await imports.preview(
      csvOf(rows, base),
      await zipOf([{ name: 'green.jpg', bytes: photo }]),
    );
    expect(preview.rows).toEqual({ create: 150, update: 0, unchanged: 0 });

    // The second batch waits at its brand, which a transaction of the test is adding.
    const brand = await side.hold(`INSERT INTO brands (name) VALUES ('Second Batch')`);
    await imports.startApply(preview._id);
    await side.waiters(1, 'insert into "brands"');
    expect((await imports.statusOf(preview._id)).progress.done).toBe(50);

    // The shop stops; the batch in hand commits, and the job is let go for the next start.
    const stopping = app.close();
    await brand.release();
    await stopping;
    const [left] = await t.database.db.select().from(jobs).where(eq(jobs.id, preview._id));
    expect(left).toMatchObject({ state: 'queued', progressDone: 100 });
    expect(left!.checkpoint).toMatchObject({ nextGroup: 100 });

    // The next start takes it up again.
    app = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.ready();
    const report = await imports.settled(preview._id);
    expect(report.state).toBe('done');
    expect(report.rows).toEqual({ create: 150, update: 0, unchanged: 0 });
    const created = await t.database.db
      .select({ name: shoes.name })
      .from(shoes)
      .where(like(shoes.name, 'Resume Shoe %'));
    expect(created).toHaveLength(150);
    expect(new Set(created.map((shoe) => shoe.name)).size).toBe(150);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.import'), eq(auditLog.targetId, preview._id)));
    expect(entries).toHaveLength(1);
  });
});

describe('shoppers buying while an import changes their shoe', () => {
  it('sell exactly the pairs there are, while the import changes the shoe and sets another size', async () => {
    const { shoeIds } = await insertCatalog(
      t.database.db,
      ['Busy Brand'],
      [
        {
          name: 'Busy Runner',
          brand: 'Busy Brand',
          color: 'Red',
          price: 100,
          sizes: [
            ['9', 20],
            ['10', 5],
          ],
        },
      ],
    );
    const shoeId = shoeIds.get('Busy Runner')!;
    // The file puts the shoe on sale and sets size 10; size 9, the one being bought, is not in it.
    const preview = await imports.preview(
      csvOf([
        {
          ...base,
          shoe: 'Busy Runner',
          brand: 'Busy Brand',
          colour: 'Red',
          price: '100',
          compare_at_price: '120',
          on_sale: 'yes',
          size: '10',
          stock: '50',
          images: 'busy-runner.webp',
          description: 'The Busy Runner, a fine shoe.',
        },
      ]),
    );
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual({ create: 0, update: 1, unchanged: 0 });

    const send = createSender(() => app, 94);
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => signUp(app)));
    // Everyone waits at the shoe's row, then goes at once: the import and 30 checkouts of the 20 pairs.
    const shoe = await side.hold('SELECT 1 FROM shoes WHERE id = $1 FOR UPDATE', [shoeId]);
    await imports.startApply(preview._id);
    const checkouts = shoppers.map((shopper) =>
      checkoutWith(send, shopper.cookie, {
        shoes: [{ _id: shoeId, size: '9', quantity: 1 }],
        amount: 10_000,
      }).catch((error: unknown) => error),
    );
    // The import and the checkouts the pool lets in all wait there.
    await side.waiters(10, 'update "shoes"|for update|for no key update');
    await shoe.release();
    const answers = await Promise.all(checkouts);
    const report = await imports.settled(preview._id);
    expect(report.state).toBe('done');

    const statuses = answers.map((answer) => (answer as { statusCode: number }).statusCode);
    const sold = statuses.filter((status) => status === 200).length;
    // Every checkout answered: 20 paid, the others refused for the stock, none failed.
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(sold).toBe(20);
    const stock = await t.database.db.select().from(stockEntries).where(eq(stockEntries.shoeId, shoeId));
    expect(stock.find((entry) => entry.size === '9')!.quantity).toBe(20 - sold);
    expect(stock.find((entry) => entry.size === '10')!.quantity).toBe(50);
    const [after] = await t.database.db.select().from(shoes).where(eq(shoes.id, shoeId));
    expect(after).toMatchObject({ onSale: true, compareAtCents: 12_000 });
    expect(after!.unitsSold).toBe(sold);
  });
});
