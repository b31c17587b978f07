import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { stockEntries } from '../../../src/server/db/schema.js';
import { insertCatalog } from '../support/catalog-fixture.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * The sizes' product codes in the database (issue 33 item 2, migration 0024): a size written without a
 * SKU gets the generated one whoever writes it, a given SKU is kept, and neither a SKU (whatever its
 * case) nor a GTIN belongs to two sizes.
 */
let database: DatabaseHandle;
let shoeId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const { shoeIds } = await insertCatalog(
    database.db,
    ['Arc'],
    [{ name: 'Code Runner', brand: 'Arc', color: 'Red', price: 80, sizes: [['9.5', 2]] }],
  );
  shoeId = shoeIds.get('Code Runner')!;
}, 60_000);
afterAll(() => database.close());

const skuOf = async (size: string) =>
  (
    await database.db
      .select({ sku: stockEntries.sku })
      .from(stockEntries)
      .where(sql`${stockEntries.shoeId} = ${shoeId} AND ${stockEntries.size} = ${size}`)
  )[0]?.sku;

const violation = async (write: Promise<unknown>) => {
  const error = await write.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  // drizzle wraps the driver's error; the constraint's name is on the cause.
  return String((error as { cause?: { constraint?: string } } | undefined)?.cause?.constraint ?? error);
};

describe('SKUs', () => {
  it('are generated for a size written without one: SN-, the shoe id, the size in tenths', async () => {
    const expected = `SN-${shoeId.replace(/-/g, '').slice(0, 12).toUpperCase()}-095`;
    expect(await skuOf('9.5')).toBe(expected);
    await database.db.insert(stockEntries).values({ shoeId, size: '10', quantity: 1 });
    expect(await skuOf('10')).toBe(expected.replace(/-095$/, '-100'));
  });

  it('keep the one given, and a SKU cleared is generated again', async () => {
    await database.db.insert(stockEntries).values({ shoeId, size: '11', quantity: 1, sku: 'ARC-CR-RED-110' });
    expect(await skuOf('11')).toBe('ARC-CR-RED-110');
    await database.db.update(stockEntries).set({ sku: '' }).where(eq(stockEntries.sku, 'ARC-CR-RED-110'));
    expect(await skuOf('11')).toMatch(/^SN-[0-9A-F]{12}-110$/);
  });

  it('belong to one size, whatever their case', async () => {
    await database.db.insert(stockEntries).values({ shoeId, size: '6', quantity: 1, sku: 'ARC-ONE' });
    expect(
      await violation(
        database.db.insert(stockEntries).values({ shoeId, size: '6.5', quantity: 1, sku: 'arc-one' }),
      ),
    ).toBe('stock_entries_sku_lower_unique');
  });
});

describe('GTINs', () => {
  it('are optional, and one belongs to one size', async () => {
    await database.db.insert(stockEntries).values({ shoeId, size: '7', quantity: 1, gtin: '036000291452' });
    await database.db.insert(stockEntries).values({ shoeId, size: '7.5', quantity: 1 });
    expect(
      await violation(
        database.db.insert(stockEntries).values({ shoeId, size: '8', quantity: 1, gtin: '036000291452' }),
      ),
    ).toBe('stock_entries_gtin_unique');
  });
});
